/**
 * `GET /api/admin/messages?cursor=`: the texts sent to artists, newest first, a page at a time (the
 * Messages tab; the first page has no cursor, each names the next), and `POST /api/admin/sms-opt-outs`, an operator marking a number as opted out.
 */
import { AdminTextMessagesResponseSchema, type SmsOptOutRequest, SmsOptOutResponseSchema } from "@jplay/schema/text-messages";
import { api } from "@/lib/api-client";
import { invalidateReads } from "@/lib/read-cache";
import { useReadEvery } from "@/lib/read-every";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_FRESHNESS } from "./get-admin-payments";

export const getTextMessages = (cursor: string | null, signal?: AbortSignal) =>
  api.get(`/api/admin/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, AdminTextMessagesResponseSchema, { signal });

export const useTextMessages = (cursor: string | null) =>
  useReadEvery(adminKeys.messages(cursor ?? ""), () => getTextMessages(cursor), { ...ADMIN_DATA_FRESHNESS, keepPrevious: true });

export const useMarkOptedOut = () =>
  useWrite((request: SmsOptOutRequest) => api.post("/api/admin/sms-opt-outs", SmsOptOutResponseSchema, request), {
    onSettled: () => invalidateReads(adminKeys.messages()),
  });
