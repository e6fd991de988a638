/**
 * The phone on the artist's page: `GET /api/artist/{token}/phone` (the number's last digits and
 * whether it is confirmed), `POST …/phone/code` (text a code) and `POST …/phone/confirm {code}`
 * (confirm it; the answer replaces the shown phone).
 */
import { type ArtistPhoneResponse, ArtistPhoneResponseSchema, PhoneCodeSentResponseSchema } from "@jplay/schema/phone-confirmation";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "@/lib/query";

const path = (token: string) => `/api/artist/${encodeURIComponent(token)}/phone`;

const artistPhoneKey = (token: string) => ["artist", "phone", token];

export const useArtistPhone = (token: string) => useQuery({ queryKey: artistPhoneKey(token), queryFn: () => api.get(path(token), ArtistPhoneResponseSchema) });

export const useSendPhoneCode = (token: string) => useMutation({ mutationFn: () => api.post(`${path(token)}/code`, PhoneCodeSentResponseSchema) });

export const useConfirmPhone = (token: string) =>
  useMutation({
    mutationFn: (code: string) => api.post(`${path(token)}/confirm`, ArtistPhoneResponseSchema, { code }),
    onSuccess: (answer) => queryClient.setQueryData<ArtistPhoneResponse>(artistPhoneKey(token), answer),
  });
