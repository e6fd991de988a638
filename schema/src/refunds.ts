/**
 * Refunds of rejected songs' fees as the admin portal's API answers them (`GET /api/admin/refunds`,
 * docs/decisions/025-refunds-of-rejected-songs.md). Money in cents, times ISO 8601.
 */
import * as v from "valibot";
import { REFUND_STATUSES } from "./record-statuses";

/**
 * Stripe's `pending_reason` for a refund it holds until its available balance covers it. The refund
 * row keeps a pending reason only while the refund is pending (workers/api/src/refunds/refund-status.ts).
 */
export const WAITING_FOR_FUNDS = "insufficient_funds";

/** Whether Stripe holds this refund for funds: what the artist, the refunds list and the funding figures say. */
export const waitsForFunds = (refund: { pendingReason: string | null }) => refund.pendingReason === WAITING_FOR_FUNDS;

export const AdminRefundSchema = v.object({
  id: v.string(),
  songId: v.nullable(v.string()),
  songTitle: v.nullable(v.string()),
  artistId: v.string(),
  artistName: v.nullable(v.string()),
  amountCents: v.number(),
  status: v.picklist(REFUND_STATUSES),
  /** Why the money goes back (the rejection), as the artist reads it. */
  reason: v.string(),
  /** Why a failed refund failed; null otherwise. */
  failureReason: v.nullable(v.string()),
  /** Why Stripe holds a pending refund (`insufficient_funds`: until its available balance covers it); null otherwise. */
  pendingReason: v.nullable(v.string()),
  stripeRefundId: v.nullable(v.string()),
  /** How often an operator sent it again after it failed (each a new Stripe refund). */
  retries: v.number(),
  createdAt: v.string(),
});
export type AdminRefund = v.InferOutput<typeof AdminRefundSchema>;

/** `POST /api/admin/refunds/{id}/retry`: the failed refund is pending again, to be sent as a new Stripe refund. */
export const AdminRefundRetrySchema = v.object({ id: v.string(), status: v.literal("pending"), retries: v.number() });
export type AdminRefundRetry = v.InferOutput<typeof AdminRefundRetrySchema>;

export const AdminRefundsResponseSchema = v.object({
  refunds: v.array(AdminRefundSchema),
  /** Refunds that failed: an operator must return that money another way. */
  failedCount: v.number(),
  /** Refunds Stripe holds until its available balance covers them: an operator tops up. */
  waitingForFundsCount: v.number(),
});
export type AdminRefundsResponse = v.InferOutput<typeof AdminRefundsResponseSchema>;
