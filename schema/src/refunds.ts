/**
 * Refunds of rejected songs' fees as the admin portal's API answers them (`GET /api/admin/refunds`,
 * docs/decisions/025-refunds-of-rejected-songs.md). Money in cents, times ISO 8601.
 */
import type { RefundStatus } from "./tables";

/**
 * Stripe's `pending_reason` for a refund it holds until its available balance covers it. The refund
 * row keeps a pending reason only while the refund is pending (workers/api/src/refunds/refund-status.ts).
 */
export const WAITING_FOR_FUNDS = "insufficient_funds";

/** Whether Stripe holds this refund for funds: what the artist, the refunds list and the funding figures say. */
export const waitsForFunds = (refund: { pendingReason: string | null }) => refund.pendingReason === WAITING_FOR_FUNDS;

export interface AdminRefund {
  id: string;
  songId: string | null;
  songTitle: string | null;
  artistId: string;
  artistName: string | null;
  amountCents: number;
  status: RefundStatus;
  /** Why the money goes back (the rejection), as the artist reads it. */
  reason: string;
  /** Why a failed refund failed; null otherwise. */
  failureReason: string | null;
  /** Why Stripe holds a pending refund (`insufficient_funds`: until its available balance covers it); null otherwise. */
  pendingReason: string | null;
  stripeRefundId: string | null;
  createdAt: string;
}

export interface AdminRefundsResponse {
  refunds: AdminRefund[];
  /** Refunds that failed: an operator must return that money another way. */
  failedCount: number;
  /** Refunds Stripe holds until its available balance covers them: an operator tops up. */
  waitingForFundsCount: number;
}
