/**
 * The outbox rows (table text_messages) as the `text.send` job (texts/jobs/send-text.ts) and the cron's
 * repair (texts/jobs/text-tasks.ts) read and settle them: the row to send, one counted attempt per send,
 * the provider's error kept while the queue retries, the final status, and the rows whose job was
 * lost. Every write is guarded by the row still being `queued`, so two deliveries settle it once.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { textMessages, type TextMessageStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { redactLinks } from "./text-messages";

export type TextRow = typeof textMessages.$inferSelect;

export async function textById(ctx: Ctx, messageId: string): Promise<TextRow | undefined> {
  return (await ctx.db.select().from(textMessages).where(eq(textMessages.id, messageId)).limit(1))[0];
}

/** Settles a queued row: its final status, the body without page tokens, and what the provider said. */
export async function settleText(
  ctx: Ctx,
  row: Pick<TextRow, "id" | "body">,
  outcome: { status: TextMessageStatus; error?: string | null; providerMessageId?: string; sentAt?: number },
): Promise<void> {
  await ctx.db
    .update(textMessages)
    .set({
      status: outcome.status,
      body: redactLinks(row.body),
      error: outcome.error ?? null,
      providerMessageId: outcome.providerMessageId ?? null,
      sentAt: outcome.sentAt ?? null,
    })
    .where(and(eq(textMessages.id, row.id), eq(textMessages.status, "queued")));
}

/**
 * Counts this send on the row, guarded by the count it was read with: true when this delivery may
 * send, false when another delivery of the same message got there first.
 */
export async function claimTextSend(ctx: Ctx, row: Pick<TextRow, "id" | "attempts">): Promise<boolean> {
  const claimed = await ctx.db
    .update(textMessages)
    .set({ attempts: row.attempts + 1 })
    .where(and(eq(textMessages.id, row.id), eq(textMessages.status, "queued"), eq(textMessages.attempts, row.attempts)))
    .returning({ id: textMessages.id });
  return claimed.length > 0;
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
