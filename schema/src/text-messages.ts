/**
 * The admin portal's view of the texts sent to artists (Messages tab) and the operator's opt-out
 * request: shared by the Worker's routes and the SPA.
 */
import * as v from "valibot";
import { TEXT_MESSAGE_KINDS, TEXT_MESSAGE_STATUSES } from "./record-statuses";
import { PhoneNumberSchema } from "./distribution";

/** Texts per page of `GET /api/admin/messages`. */
export const ADMIN_MESSAGES_PAGE_SIZE = 50;

export const AdminTextMessageSchema = v.object({
  id: v.string(),
  toPhone: v.string(),
  kind: v.picklist(TEXT_MESSAGE_KINDS),
  status: v.picklist(TEXT_MESSAGE_STATUSES),
  /** The text as sent, with any artist page link's token hidden. */
  body: v.string(),
  error: v.nullable(v.string()),
  attempts: v.number(),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
});
export type AdminTextMessage = v.InferOutput<typeof AdminTextMessageSchema>;

/** `GET /api/admin/messages?cursor=`: newest first, ADMIN_MESSAGES_PAGE_SIZE a page; `nextCursor` asks for the next, null on the last. */
export const AdminTextMessagesResponseSchema = v.object({ messages: v.array(AdminTextMessageSchema), nextCursor: v.nullable(v.string()) });
export type AdminTextMessagesResponse = v.InferOutput<typeof AdminTextMessagesResponseSchema>;

/** `POST /api/admin/sms-opt-outs`: an operator marks a number as opted out (STOP by another way). */
export const SmsOptOutSchema = v.object({ phone: PhoneNumberSchema });
export type SmsOptOutRequest = v.InferOutput<typeof SmsOptOutSchema>;

/** The answer of `POST /api/admin/sms-opt-outs`: the number, now opted out. */
export const SmsOptOutResponseSchema = v.object({ phone: v.string(), optedOut: v.literal(true) });
export type SmsOptOutResponse = v.InferOutput<typeof SmsOptOutResponseSchema>;
