/**
 * The Messages tab's read: the outbox newest first, a page at a time by keyset on (created_at, id)
 * over text_messages_created_id_idx (platform/page-cursor.ts: no OFFSET, so the thousandth page costs
 * what the first does), every body shown without the artist page token a queued card-saved text still
 * holds (texts/text-messages.ts).
 */
import { desc, sql } from "drizzle-orm";
import { ADMIN_MESSAGES_PAGE_SIZE, type AdminTextMessagesResponse } from "@jplay/schema/text-messages";
import { textMessages } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { pageCursor, type PageAfter } from "../platform/page-cursor";
import { redactLinks } from "./text-messages";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function listTextMessages(ctx: Ctx, after: PageAfter | null): Promise<AdminTextMessagesResponse> {
  const rows = await ctx.db
    .select()
    .from(textMessages)
    .where(after ? sql`(${textMessages.createdAt}, ${textMessages.id}) < (${after.createdAt}, ${after.id})` : undefined)
    .orderBy(desc(textMessages.createdAt), desc(textMessages.id))
    .limit(ADMIN_MESSAGES_PAGE_SIZE + 1);
  const shown = rows.slice(0, ADMIN_MESSAGES_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    nextCursor: rows.length > ADMIN_MESSAGES_PAGE_SIZE && last ? pageCursor(last) : null,
    messages: shown.map((row) => ({
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
