/**
 * `GET /api/admin/messages?cursor=`: the texts sent to artists, newest first, a page at a time (the
 * Messages tab; the first page has no cursor, each names the next), and `POST /api/admin/sms-opt-outs`, an operator marking a number as opted out.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AdminTextMessagesResponseSchema, type SmsOptOutRequest, SmsOptOutResponseSchema } from "@jplay/schema/text-messages";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const getTextMessages = (cursor: string | null, signal?: AbortSignal) =>
  api.get(`/api/admin/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, AdminTextMessagesResponseSchema, { signal });

export const useTextMessages = (cursor: string | null) =>
  useQuery({
    queryKey: adminKeys.messages(cursor ?? ""),
    queryFn: ({ signal }) => getTextMessages(cursor, signal),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export const useMarkOptedOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SmsOptOutRequest) => api.post("/api/admin/sms-opt-outs", SmsOptOutResponseSchema, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.messages() }),
  });
};
