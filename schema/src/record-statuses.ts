/**
 * The values of the status and kind columns of payments, refunds, retries, payouts and texts: the
 * records operators read, apart from the tables so the web app can check API answers against them
 * (docs/architecture.md, Checked answers) without loading drizzle. schema/src/tables.ts uses and
 * re-exports them.
 */
export const PAYMENT_STATUSES = ["claimed", "requires_payment_method", "requires_action", "processing", "succeeded", "failed", "skipped"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["pending", "requires_action", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const TEXT_MESSAGE_KINDS = [
  "card_saved",
  "payment_succeeded",
  "payment_failed",
  "song_distributed",
  "song_rejected",
  "song_taken_down",
  "song_restored",
  "song_held",
  "payout_sent",
  "payout_reversed",
  "payout_failed",
  "renewal_needs_confirmation",
  "phone_code",
  "opted_out",
  "split_share_returning",
  "split_invitation",
  "song_already_in_catalogue",
] as const;
export type TextMessageKind = (typeof TEXT_MESSAGE_KINDS)[number];

/** queued → sent (by the provider) or logged (no provider configured); skipped when the number opted out. */
export const TEXT_MESSAGE_STATUSES = ["queued", "sent", "logged", "failed", "skipped"] as const;
export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number];

export const RETRY_ITEM_STATUSES = ["pending", "succeeded", "failed", "skipped"] as const;

export const PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;

/** A Stripe payout of a connected account's balance to the artist's debit card: it arrived, or the bank sent it back. */
export const CONNECT_PAYOUT_STATUSES = ["paid", "failed"] as const;

/**
 * A failed-download credit (docs/catalogue-and-provider-api.md, "Failed downloads"): `credited` (written to the ledger, by the
 * rule under the provider's daily cap or by an operator's approval), `queued` (over the cap, waiting
 * for an operator), `denied` (an operator refused it; never written).
 */
export const DOWNLOAD_CREDIT_STATUSES = ["credited", "queued", "denied"] as const;
export type DownloadCreditStatus = (typeof DOWNLOAD_CREDIT_STATUSES)[number];

/** Stripe's dispute statuses (https://docs.stripe.com/api/disputes/object#dispute_object-status). */
export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
  "prevented",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
