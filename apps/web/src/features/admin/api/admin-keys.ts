/** Query keys of the admin screen, in one place so sign-in, sign-out and retries invalidate the right reads. */
export const adminKeys = {
  all: ["admin"] as const,
  session: () => ["admin", "session"] as const,
  /** Everything behind the sign-in: dropped from the cache on sign-out. */
  data: () => ["admin", "data"] as const,
  payments: () => ["admin", "data", "payments"] as const,
  failedJobs: () => ["admin", "data", "failed-jobs"] as const,
  paymentMismatches: () => ["admin", "data", "payment-mismatches"] as const,
  purchaseMismatches: () => ["admin", "data", "purchase-mismatches"] as const,
  recoveryPayments: () => ["admin", "data", "recovery-payments"] as const,
  funding: () => ["admin", "data", "funding"] as const,
  /** Every page of the Messages tab (no cursor), or one page (its cursor; "" for the first). */
  messages: (cursor?: string) => (cursor === undefined ? (["admin", "data", "messages"] as const) : (["admin", "data", "messages", cursor] as const)),
  artist: (artistId: string) => ["admin", "data", "artist", artistId] as const,
  facilities: () => ["admin", "data", "facilities"] as const,
  receipt: (receiptId: string) => ["admin", "data", "receipt", receiptId] as const,
  redemptions: () => ["admin", "data", "redemptions"] as const,
  /** Every search of the Catalogue tab (no query), or one. */
  catalogue: (query?: string) => (query === undefined ? (["admin", "data", "catalogue"] as const) : (["admin", "data", "catalogue", query] as const)),
};
