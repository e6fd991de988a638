/**
 * Read cache keys of the admin screen, in one place so sign-in, sign-out and retries invalidate the
 * right reads. A key ending in "/" is a group: invalidating or forgetting it reaches every read under it.
 */
export const adminKeys = {
  session: () => "admin/session",
  /** Everything behind the sign-in: dropped from the cache on sign-out. */
  data: () => "admin/data/",
  /** Every search of the payments list (no search), or one ("" for the unsearched list). */
  payments: (search?: string) => `admin/data/payments/${search ?? ""}`,
  failedJobs: () => "admin/data/failed-jobs",
  paymentMismatches: () => "admin/data/payment-mismatches",
  purchaseMismatches: () => "admin/data/purchase-mismatches",
  recoveryPayments: () => "admin/data/recovery-payments",
  funding: () => "admin/data/funding",
  /** Every page of the Messages tab (no cursor), or one page (its cursor; "" for the first). */
  messages: (cursor?: string) => `admin/data/messages/${cursor ?? ""}`,
  /** Ends in "/" so invalidating artist "a1" leaves artist "a12" alone. */
  artist: (artistId: string) => `admin/data/artist/${artistId}/`,
  facilities: () => "admin/data/facilities",
  receipt: (receiptId: string) => `admin/data/receipt/${receiptId}`,
  redemptions: () => "admin/data/redemptions",
  downloadCredits: () => "admin/data/download-credits",
  /** Every search of the Catalogue tab (no query), or one. */
  catalogue: (query?: string) => `admin/data/catalogue/${query ?? ""}`,
  /** Everything the Compliance tab shows. */
  compliance: () => "admin/data/compliance/",
  review: () => "admin/data/review",
  refunds: () => "admin/data/refunds",
  disputes: () => "admin/data/disputes",
};
