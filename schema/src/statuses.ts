/**
 * The values of the tables' status and kind columns, apart from the tables themselves so the web app
 * can check API answers against them (docs/architecture.md, Calls) without loading drizzle.
 * schema/src/tables.ts uses and re-exports them.
 */
/**
 * `removed`: a song nobody paid for within the expiry (UNPAID_SONG_EXPIRY_SECONDS); its files are
 * deleted and the row is kept for its payments and history.
 */
export const SONG_STATUSES = ["pending", "approved", "distributed", "rejected", "removed"] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

/**
 * How a song was paid for; it fixes the song's revenue split and delivery window
 * (`PACKAGES` in pricing.ts). Set once, when its distribution fee is paid.
 */
export const SONG_PACKAGES = ["standard", "expedited", "recovery_1", "recovery_2", "pro"] as const;
export type SongPackage = (typeof SONG_PACKAGES)[number];

export const PAYMENT_FREQUENCIES = ["daily", "weekly"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

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
  "payout_sent",
  "renewal_needs_confirmation",
  "phone_code",
  "opted_out",
] as const;
export type TextMessageKind = (typeof TEXT_MESSAGE_KINDS)[number];

/** queued → sent (by the provider) or logged (no provider configured); skipped when the number opted out. */
export const TEXT_MESSAGE_STATUSES = ["queued", "sent", "logged", "failed", "skipped"] as const;
export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number];

export const RETRY_ITEM_STATUSES = ["pending", "succeeded", "failed", "skipped"] as const;

export const PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;
