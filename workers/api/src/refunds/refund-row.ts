/**
 * A refund row as the refund code reads it, and what names its current Stripe refund: the row stands
 * for one Stripe refund at a time, the first (retries 0) or an operator's retry after a failure
 * (retry-failed-refund.ts), each with its own ledger ref and `metadata.retry`.
 */
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { RefundStatus } from "@jplay/schema/tables";

export interface RefundRow {
  id: string;
  paymentId: string;
  songId: string | null;
  amountCents: number;
  status: RefundStatus;
  stripeRefundId: string | null;
  /** Operators' retries after a failure: the Stripe refund the row stands for now (0: the first). */
  retries: number;
}

/** The ledger ref of the row's current Stripe refund: the row's id, then `<id>:retry:<n>` per retry. */
export const refundLedgerRef = (row: Pick<RefundRow, "id" | "retries">) => (row.retries === 0 ? row.id : `${row.id}:retry:${row.retries}`);

/** The retry a Stripe refund of ours was made for (its metadata; refunds from before retries name none: 0). */
export const retryOfStripeRefund = (refund: Stripe.Refund) => Number(refund.metadata?.retry ?? "0");

/** The columns a RefundRow is read with. */
export const REFUND_ROW_COLUMNS = sql.raw(
  "id, payment_id as paymentId, song_id as songId, amount_cents as amountCents, status, stripe_refund_id as stripeRefundId, retries",
);
