/**
 * The Messages tab's read: the outbox newest first, a page at a time, every body shown without the
 * artist page token a queued card-saved text still holds (texts/text-messages.ts).
 */
import { desc } from "drizzle-orm";
import { ADMIN_MESSAGES_PAGE_SIZE, type AdminTextMessagesResponse } from "@jplay/schema/text-messages";
import { textMessages } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { redactLinks } from "./text-messages";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function listTextMessages(ctx: Ctx, page: number): Promise<AdminTextMessagesResponse> {
  const rows = await ctx.db
    .select()
    .from(textMessages)
    .orderBy(desc(textMessages.createdAt), desc(textMessages.id))
    .limit(ADMIN_MESSAGES_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_MESSAGES_PAGE_SIZE);
  return {
    page,
    hasMore: rows.length > ADMIN_MESSAGES_PAGE_SIZE,
    messages: rows.slice(0, ADMIN_MESSAGES_PAGE_SIZE).map((row) => ({
      id: row.id,
      toPhone: row.toPhone,
      kind: row.kind,
      status: row.status,
      body: redactLinks(row.body),
      error: row.error,
      attempts: row.attempts,
      createdAt: iso(row.createdAt)!,
      sentAt: iso(row.sentAt),
    })),
  };
}
