/**
 * The phone on the artist's page: `GET /api/artist/{token}/phone` (the number's last digits and
 * whether it is confirmed), `POST …/phone/code` (text a code) and `POST …/phone/confirm {code}`
 * (confirm it; the answer replaces the shown phone).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArtistPhoneResponseSchema, PhoneCodeSentResponseSchema } from "@jplay/schema/phone-confirmation";
import { api } from "@/lib/api-client";

const path = (token: string) => `/api/artist/${encodeURIComponent(token)}/phone`;

export const artistPhoneQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["artist", token, "phone"], queryFn: ({ signal }) => api.get(path(token), ArtistPhoneResponseSchema, { signal }) });

export const useArtistPhone = (token: string) => useQuery(artistPhoneQueryOptions(token));

export const useSendPhoneCode = (token: string) => useMutation({ mutationFn: () => api.post(`${path(token)}/code`, PhoneCodeSentResponseSchema) });

export const useConfirmPhone = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post(`${path(token)}/confirm`, ArtistPhoneResponseSchema, { code }),
    onSuccess: (answer) => queryClient.setQueryData(artistPhoneQueryOptions(token).queryKey, answer),
  });
};
