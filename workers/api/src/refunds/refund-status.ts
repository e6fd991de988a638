/**
 * What Stripe says of a refund, recorded on our row (docs/decisions/025-refunds-of-rejected-songs.md):
 * its id and status, the ledger and the song_events row the artist reads. The job's answer and the
 * webhooks (`refund.updated`, `charge.refund.updated`, `refund.failed`) both come here; every write is
 * conditional (the id once, statuses only forward, ledger by (kind, ref)), so either order, twice or
 * late, records once. A refund that fails after it succeeded (Stripe's asynchronous failures) moves
 * the ledger back and is shown to operators. A pending refund keeps Stripe's `pending_reason`:
 * `insufficient_funds` is money waiting for the platform's available balance, which the artist and
 * operators are told until it goes.
 *
 * Ledger: a refund posts the fee given back against the money leaving (`POSTINGS.refund` in
 * schema/src/ledger-postings.ts): `platform:fee_refunds` −amount and `refunds:sent` +amount. No
 * artist account moves: the fee was never the artist's money. An operator's retry of a failed refund
 * (retry-failed-refund.ts) is a new Stripe refund booked under its own ref (`refundLedgerRef`), and
 * events of the earlier, failed one no longer move the row.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatMoney } from "@jplay/schema/language";
import type { RefundStatus } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { LEDGER_KINDS, POSTINGS } from "@jplay/schema/ledger-postings";
import { post, postedRefs } from "../ledger/index";
import { bookRefundMadeOutside } from "./refund-made-outside";
import { REFUND_ROW_COLUMNS, refundLedgerRef, retryOfStripeRefund, type RefundRow } from "./refund-row";

/** Stripe's refund statuses are ours; anything unknown is treated as still pending. */
const statusOf = (refund: Stripe.Refund): RefundStatus =>
  refund.status === "succeeded" || refund.status === "failed" || refund.status === "canceled" || refund.status === "requires_action"
    ? refund.status
    : "pending";

/** The statuses a refund may move to from each (succeeded → failed is Stripe's asynchronous failure). */
const MOVES_FROM: Record<RefundStatus, RefundStatus[]> = {
  pending: ["pending", "requires_action"],
  requires_action: ["pending", "requires_action"],
  succeeded: ["pending", "requires_action"],
  failed: ["pending", "requires_action", "succeeded"],
  canceled: ["pending", "requires_action", "succeeded"],
};

/** What the artist and operators read when a refund did not reach the card. */
export const failedRefundMessage = (reason: string | null | undefined) =>
  `The card did not take the refund (${(reason ?? "unknown").replaceAll("_", " ")}). Our team has been told and will return the money another way.`;

/** The money came back: the refund's transaction is reversed (only if it was posted). */
async function reverseRefund(ctx: Ctx, refund: Pick<RefundRow, "id" | "amountCents" | "retries">): Promise<void> {
  const ref = refundLedgerRef(refund);
  if ((await postedRefs(ctx, LEDGER_KINDS.refund, [ref])).size === 0) return;
  await post(ctx, POSTINGS.refundFailed({ id: ref, amountCents: refund.amountCents }));
}

/**
 * Records Stripe's refund on our row: its id (once), the ledger, then its status. Safe to call again
 * with the same or a newer refund object.
 */
export async function recordStripeRefund(ctx: Ctx, row: RefundRow, refund: Stripe.Refund, now = ctx.now()): Promise<void> {
  if (!row.stripeRefundId) {
    await ctx.db.run(sql`update refunds set stripe_refund_id = ${refund.id}, updated_at = ${now} where id = ${row.id} and stripe_refund_id is null`);
  }
  await post(ctx, POSTINGS.refund({ id: refundLedgerRef(row), amountCents: row.amountCents }));
  await applyRefundStatus(ctx, row, statusOf(refund), refund.failure_reason ?? null, now, refund.pending_reason ?? null);
}

/**
 * Moves the row's status forward (with Stripe's reason while it is pending); a failure reverses the
 * ledger and tells the artist.
 */
export async function applyRefundStatus(
  ctx: Ctx,
  row: Pick<RefundRow, "id" | "amountCents" | "songId" | "retries">,
  status: RefundStatus,
  failureReason: string | null,
  now = ctx.now(),
  pendingReason: string | null = null,
): Promise<void> {
  const from = MOVES_FROM[status];
  const failed = status === "failed" || status === "canceled";
  const message = failed ? failedRefundMessage(failureReason) : null;
  const allowed = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  );
  await runBatch(ctx.db, [
    // The artist's history says what happened, once: only when this call moves the row to a failure.
    sql`
      insert into song_events (id, song_id, from_status, to_status, cause, at)
      select ${crypto.randomUUID()}, song_id, 'rejected', 'rejected', ${`Refund of ${formatMoney(row.amountCents, "en")} failed: ${message ?? ""}`}, ${now}
      from refunds where id = ${row.id} and song_id is not null and ${failed ? sql`1` : sql`0`} and status in (${allowed})`,
    sql`
      update refunds set status = ${status}, failure_reason = ${message}, pending_reason = ${status === "pending" ? pendingReason : null}, updated_at = ${now}
      where id = ${row.id} and status in (${allowed})`,
  ]);
  // Also when this call did not move it: a redelivery whose first run stopped before the ledger.
  if (failed) await reverseRefund(ctx, row);
}

/** A refund event (`refund.created`, `refund.updated`, `charge.refund.updated`, `refund.failed`): the row it names is brought up to date. */
export async function onRefundEvent(ctx: Ctx, refund: Stripe.Refund): Promise<void> {
  const ours = refund.metadata?.refundId;
  const [row] = await ctx.db.all<RefundRow>(sql`
    select ${REFUND_ROW_COLUMNS} from refunds where id = ${ours ?? ""} or stripe_refund_id = ${refund.id} limit 1`);
  // An earlier, failed refund of the row that an operator has since retried: its news changes nothing.
  if (row && refund.id !== row.stripeRefundId && retryOfStripeRefund(refund) !== row.retries) return;
  // A refund made outside JPlay (the Dashboard) names no row of ours: booked as its payment's refund.
  const booked = row ?? (await bookRefundMadeOutside(ctx, refund));
  if (booked) await recordStripeRefund(ctx, booked, refund);
}
