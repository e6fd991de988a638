/**
 * `GET /api/admin/messages?cursor=`: the texts sent to artists, newest first, a page at a time (the
 * Messages tab; the first page has no cursor, each names the next), and `POST /api/admin/sms-opt-outs`, an operator marking a number as opted out.
 */
import { AdminTextMessagesResponseSchema, type SmsOptOutRequest, SmsOptOutResponseSchema } from "@jplay/schema/text-messages";
import { api } from "@/lib/api-client";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const getTextMessages = (cursor: string | null, signal?: AbortSignal) =>
  api.get(`/api/admin/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, AdminTextMessagesResponseSchema, { signal });

export const useTextMessages = (cursor: string | null) =>
  useQuery({
    queryKey: adminKeys.messages(cursor ?? ""),
    queryFn: ({ signal }) => getTextMessages(cursor, signal),
    placeholderData: keepPreviousData,
    ...ADMIN_FRESHNESS,
  });

export const useMarkOptedOut = () =>
  useMutation({
    mutationFn: (request: SmsOptOutRequest) => api.post("/api/admin/sms-opt-outs", SmsOptOutResponseSchema, request),
    onSettled: () => invalidate(adminKeys.messages()),
  });
