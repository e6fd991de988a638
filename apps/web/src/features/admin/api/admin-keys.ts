/**
 * TanStack Query keys of the admin screen, in one place so sign-in, sign-out and retries invalidate the
 * right reads. A key is a prefix of every key under it: invalidating or removing `data()` reaches every
 * read behind the sign-in, `payments()` every search of the payments list.
 */
const data = ["admin", "data"] as const;

/** `group` alone, or one read under it when `part` is given. */
const under = (group: readonly string[], part?: string): readonly string[] => (part === undefined ? group : [...group, part]);

export const adminKeys = {
  session: () => ["admin", "session"] as const,
  /** Everything behind the sign-in: dropped from the cache on sign-out. */
  data: () => data,
  /** Every search of the payments list (no search), or one ("" for the unsearched list). */
  payments: (search?: string) => under([...data, "payments"], search),
  failedJobs: () => [...data, "failed-jobs"],
  paymentMismatches: () => [...data, "payment-mismatches"],
  purchaseMismatches: () => [...data, "purchase-mismatches"],
  recoveryPayments: () => [...data, "recovery-payments"],
  funding: () => [...data, "funding"],
  revenue: (period: string) => [...data, "revenue", period],
  /** Every page of the Messages tab (no cursor), or one page (its cursor; "" for the first). */
  messages: (cursor?: string) => under([...data, "messages"], cursor),
  artist: (artistId: string) => [...data, "artist", artistId],
  songSplits: (songId: string) => [...data, "song-splits", songId],
  collaborator: (collaboratorId: string) => [...data, "collaborator", collaboratorId],
  facilities: () => [...data, "facilities"],
  receipt: (receiptId: string) => [...data, "receipt", receiptId],
  redemptions: () => [...data, "redemptions"],
  downloadCredits: () => [...data, "download-credits"],
  /** Every search of the Catalogue tab (no query), or one. */
  catalogue: (query?: string) => under([...data, "catalogue"], query),
  /** Everything the Compliance tab shows; `part` names one read under it. */
  compliance: (...part: string[]) => [...data, "compliance", ...part],
  review: () => [...data, "review"],
  refunds: () => [...data, "refunds"],
  disputes: () => [...data, "disputes"],
};
