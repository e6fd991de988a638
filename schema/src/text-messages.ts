/**
 * The admin portal's view of the texts sent to artists (Messages tab) and the operator's opt-out
 * request: shared by the Worker's routes and the SPA.
 */
import * as v from "valibot";
import type { TextMessageKind, TextMessageStatus } from "./tables";
import { PhoneNumberSchema } from "./distribution";

/** Texts per page of `GET /api/admin/messages`. */
export const ADMIN_MESSAGES_PAGE_SIZE = 50;

export interface AdminTextMessage {
  id: string;
  toPhone: string;
  kind: TextMessageKind;
  status: TextMessageStatus;
  /** The text as sent, with any artist page link's token hidden. */
  body: string;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/messages?cursor=`: newest first, ADMIN_MESSAGES_PAGE_SIZE a page; `nextCursor` asks for the next, null on the last. */
export interface AdminTextMessagesResponse {
  messages: AdminTextMessage[];
  nextCursor: string | null;
}

/** `POST /api/admin/sms-opt-outs`: an operator marks a number as opted out (STOP by another way). */
export const SmsOptOutSchema = v.object({ phone: PhoneNumberSchema });
export type SmsOptOutRequest = v.InferOutput<typeof SmsOptOutSchema>;
