/**
 * The outbox rows (table text_messages) as the send jobs (texts/jobs/send-text.ts) and the cron's
 * repair (texts/jobs/text-tasks.ts) read and settle them: the rows to send, one counted attempt per
 * send, the provider's error kept while the queue retries, the final status, and the rows whose job was
 * lost. A job's rows are read, claimed and settled a statement each, however many it holds. Every
 * write is guarded by the row still being `queued`, so two deliveries settle it once.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { textMessages, type TextMessageStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { redactLinks } from "./text-messages";

export type TextRow = typeof textMessages.$inferSelect;

/** The outbox rows of these ids (at most 90: D1 binds 100 parameters a statement). */
export async function textsByIds(ctx: Ctx, messageIds: readonly string[]): Promise<TextRow[]> {
  return messageIds.length === 0
    ? []
    : ctx.db
        .select()
        .from(textMessages)
        .where(inArray(textMessages.id, [...messageIds]));
}

export interface TextSettlement {
  row: Pick<TextRow, "id" | "body">;
  status: TextMessageStatus;
  error?: string | null;
  providerMessageId?: string;
  sentAt?: number;
}

const field = (name: string) => sql.raw(`json_extract(t.value, '$.${name}')`);

/**
 * Settles queued rows, any number in one statement: each its final status, its body without page
 * tokens, and what the provider said.
 */
export async function settleTexts(ctx: Ctx, settlements: readonly TextSettlement[]): Promise<void> {
  if (settlements.length === 0) return;
  const rows = settlements.map((s) => ({
    id: s.row.id,
    status: s.status,
    body: redactLinks(s.row.body),
    error: s.error ?? null,
    providerMessageId: s.providerMessageId ?? null,
    sentAt: s.sentAt ?? null,
  }));
  // Each row found by its primary key, its values by a look-up in the list (not a scan of the queued rows).
  const list = JSON.stringify(rows);
  const value = (name: string) => sql`(select ${field(name)} from json_each(${list}) t where ${field("id")} = text_messages.id)`;
  await ctx.db.run(sql`update text_messages set status = ${value("status")}, body = ${value("body")}, error = ${value("error")},
      provider_message_id = ${value("providerMessageId")}, sent_at = ${value("sentAt")}
    where id in (select ${field("id")} from json_each(${list}) t) and +status = 'queued'`);
}

/**
 * Counts this send on each row, guarded by the count it was read with, in one statement: the ids
 * this delivery may send; a row left out is being sent by another delivery of the same message.
 */
export async function claimTextSends(ctx: Ctx, rows: readonly Pick<TextRow, "id" | "attempts">[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const list = JSON.stringify(rows.map((row) => ({ id: row.id, attempts: row.attempts })));
  const claimed = await ctx.db.all<{ id: string }>(sql`update text_messages set attempts = attempts + 1
    where id in (select ${field("id")} from json_each(${list}) t) and +status = 'queued'
      and attempts = (select ${field("attempts")} from json_each(${list}) t where ${field("id")} = text_messages.id)
    returning id`);
  return new Set(claimed.map((row) => row.id));
}

/** The provider could not be reached: the row stays queued with the reason, for admin. */
export async function noteTextError(ctx: Ctx, messageId: string, error: string): Promise<void> {
  await ctx.db.update(textMessages).set({ error }).where(eq(textMessages.id, messageId));
}

/** Queued texts written before `before` and tried fewer than `maxAttempts` times, oldest first. */
export async function stuckTextIds(ctx: Ctx, before: number, maxAttempts: number, limit: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(and(eq(textMessages.status, "queued"), lt(textMessages.createdAt, before), lt(textMessages.attempts, maxAttempts)))
    .orderBy(asc(textMessages.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
