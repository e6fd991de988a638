/**
 * The values of the song's and the artist's status columns, apart from the tables so the web app can
 * check API answers against them (docs/architecture.md, Checked answers) without loading drizzle, and
 * apart from the operator's (record-statuses.ts) so what the tablet Home page loads stays small.
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

/** `not_started`: no connected account yet; `onboarding`: account exists, payouts not enabled; `ready`. */
export const CONNECT_STATUSES = ["not_started", "onboarding", "ready"] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];
