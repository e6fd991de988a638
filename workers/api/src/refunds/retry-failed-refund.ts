/**
 * An operator's retry of a refund that failed (admin, Refunds: **Retry refund**). Stripe returns a
 * failed refund's money to the platform balance and lets the charge be refunded again; whether the
 * card takes it this time is up to the card's bank, so the retry is a new Stripe refund: the row counts
 * it (`retries`) before anything is sent, which gives it its own idempotency key and ledger ref
 * (send-refund.ts, refund-status.ts), and goes back to `pending` for the `refund.send` job. The count
 * moves only from the failure the operator saw, so a second click (or a second operator) changes
 * nothing, and the audit record is written in the same batch.
 */
import { sql } from "drizzle-orm";
import type { AdminRefundRetry } from "@jplay/schema/refunds";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError } from "../platform/errors";
import { auditEntry } from "../platform/audit-log";

export const REFUND_MESSAGES = {
  notFound: /*i18n*/ "No refund with this id.",
  notFailed: /*i18n*/ "Only a refund that failed can be sent again.",
} as const;

export async function retryFailedRefund(ctx: Ctx, refundId: string, operator: string): Promise<AdminRefundRetry> {
  const [row] = await ctx.db.all<{
    status: string;
    retries: number;
    songId: string | null;
    artistId: string;
    amountCents: number;
    stripeRefundId: string | null;
  }>(sql`
    select status, retries, song_id as songId, artist_id as artistId, amount_cents as amountCents, stripe_refund_id as stripeRefundId
    from refunds where id = ${refundId}`);
  if (!row) throw new AppError(404, "not_found", REFUND_MESSAGES.notFound);
  if (row.status !== "failed" && row.status !== "canceled") throw new AppError(409, "refund_not_failed", REFUND_MESSAGES.notFailed);
  const now = ctx.now();
  const retry = row.retries + 1;
  const moved = sql`exists (select 1 from refunds where id = ${refundId} and retries = ${retry} and updated_at = ${now})`;
  await runBatch(ctx.db, [
    sql`
      update refunds set retries = ${retry}, status = 'pending', stripe_refund_id = null, stripe_key_attempt = 0, failure_reason = null, pending_reason = null, updated_at = ${now}
      where id = ${refundId} and retries = ${row.retries} and status in ('failed', 'canceled')`,
    auditEntry(
      {
        at: now,
        actor: operator,
        action: "refund_retried",
        songId: row.songId,
        artistId: row.artistId,
        detail: `Refund ${refundId} of ${row.amountCents} cents sent again (retry ${retry}; the failed one was ${row.stripeRefundId ?? "never made"})`,
      },
      moved,
    ),
  ]);
  const [after] = await ctx.db.all<{ retries: number; status: string }>(sql`select retries, status from refunds where id = ${refundId}`);
  // Another operator's retry won: theirs is the one sent, nothing more is.
  if (after?.retries !== retry) throw new AppError(409, "refund_not_failed", REFUND_MESSAGES.notFailed);
  await ctx.jobs.send({ type: "refund.send", refundId });
  return { id: refundId, status: "pending", retries: retry };
}
