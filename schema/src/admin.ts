/**
 * The admin portal's API shapes (docs/product.md, Data; Calls), shared by the Worker and the SPA. Amounts
 * the operator sees are dollars for display; the server charges its own cents (pricing.ts).
 */
import type { PaymentStatus } from "./tables";

/** A song within an admin payment record. */
export interface AdminSong {
  id: string;
  title: string;
  status: string;
  /** The distribution fee paid, in dollars; absent when none was paid. */
  distributionFee?: number;
  /** True while a payment for the song is claimed or in flight. */
  processingPayment: boolean;
}

/** One saved payment method with its artist and the artist's songs (docs/product.md, Data). */
export interface AdminPaymentRecord {
  paymentMethodId: string;
  artistId: string;
  /** The artist name of the artist's latest song (artists have no sign-up name), or "". */
  artistName: string;
  artistPhone: string;
  cardBrand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  songs: AdminSong[];
  /** False when none of the artist's songs is approved or distributed and no charge succeeded. */
  hasSuccessfulPayment: boolean;
}

/** The summary cards: counted over every artist with a card, whatever page or search is shown. */
export interface AdminPaymentsSummary {
  totalArtists: number;
  paymentMethods: number;
  /** Songs of those artists awaiting payment or with a charge in flight. */
  pendingPayments: number;
}

/**
 * `GET /api/admin/payments?q=&cursor=&limit=`: one page of artists (newest first), each artist's
 * cards in `payments`; `nextCursor` asks for the next page, null on the last. `summary` comes with the
 * unsearched first page only (no cursor, no q).
 */
export interface AdminPaymentsResponse {
  payments: AdminPaymentRecord[];
  nextCursor: string | null;
  summary?: AdminPaymentsSummary;
}

/** Artists per page of `GET /api/admin/payments`, by default and at most. */
export const ADMIN_PAGE_ARTISTS = 100;
export const ADMIN_PAGE_ARTISTS_MAX = 500;

/** One item of `POST /api/admin/payments/retry`. `songId: null` asks for the artist's initial charge. */
export interface RetryItemRequest {
  paymentMethodId: string;
  artistId: string;
  songId: string | null;
  /** Cents. Ignored for the charge: the server charges 1049 for a song, 799 for an initial charge. */
  amount?: number;
}

export interface RetryRequest {
  payments: RetryItemRequest[];
}

export type RetryItemStatus = "pending" | "succeeded" | "failed" | "skipped";

/** `POST /api/admin/payments/retry` and `GET /api/admin/payments/retry/{batchId}`. */
export interface RetryBatchResponse {
  batchId: string;
  /** The product's summary; `failed` counts failed and skipped items. */
  summary: { succeeded: number; failed: number };
  /** Items not yet charged: the batch has finished when this is 0. */
  pending: number;
  items: Array<{
    id: string;
    artistId: string;
    songId: string | null;
    paymentMethodId: string;
    amountCents: number;
    status: RetryItemStatus;
    /** Why it failed or was skipped (e.g. "stolen_card", "authentication_required", "attempt_budget"). */
    reason: string | null;
  }>;
}

/** `GET /api/admin/artists/{artistId}`: the View Details panel. */
export interface AdminArtistDetails {
  artist: { id: string; phone: string; paymentFrequency: string; createdAt: string; proActive: boolean; payoutsEnabled: boolean };
  cards: Array<{ paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean }>;
  songs: Array<{
    id: string;
    title: string;
    artistName: string;
    status: string;
    package: string | null;
    distributionFee?: number;
    rejectionReason: string | null;
    history: Array<{ from: string | null; to: string; cause: string; at: string }>;
  }>;
  /** The artist's live browser sessions, most recently used first. */
  sessions: Array<{ id: string; createdAt: string; lastSeenAt: string; browser: string }>;
  /** Payment attempts, newest first, with their outcomes. */
  payments: Array<{
    id: string;
    songId: string | null;
    purpose: string;
    amountCents: number;
    status: string;
    declineCode: string | null;
    failureMessage: string | null;
    createdAt: string;
  }>;
}

/** `GET /api/admin/session`: whether this browser is signed in as an operator, and how. */
export interface AdminSessionResponse {
  signedIn: boolean;
  /** "access" in production (Cloudflare Access), "password" locally; null when admin is closed. */
  method: "access" | "password" | null;
}

/** `GET /api/admin/failed-jobs`: jobs that ended in the dead-letter queue, newest first (at most 200). */
export interface AdminFailedJobsResponse {
  failedJobs: Array<{ id: string; jobType: string; payload: string; error: string | null; songId: string | null; failedAt: string }>;
}

/**
 * `GET /api/admin/payment-mismatches`: succeeded PaymentIntents that disagreed with the payment row
 * they named (amount, currency or customer), newest first (at most 200). None of them paid a song.
 */
export interface AdminPaymentMismatchesResponse {
  mismatches: Array<{
    id: string;
    paymentId: string;
    stripePaymentIntentId: string;
    songId: string | null;
    artistId: string;
    /** Where it was found, e.g. "webhook: payment_intent.succeeded". */
    source: string;
    expected: { amountCents: number; currency: string; customer: string | null };
    received: { amountCents: number | null; currency: string | null; customer: string | null };
    detectedAt: string;
  }>;
}

/** `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the song's, not credited. */
export interface AdminPurchaseMismatchesResponse {
  mismatches: Array<{
    id: string;
    purchaseId: string;
    songId: string;
    songTitle: string;
    reportedPriceCents: number;
    cataloguePriceCents: number;
    purchasedAt: string;
    detectedAt: string;
  }>;
}

/**
 * `GET /api/admin/recovery-payments`: the discounted recovery payments, newest first, each with the
 * card decline that opened its offer (payments/recovery-eligibility.ts).
 */
export interface AdminRecoveryPaymentsResponse {
  payments: Array<{
    id: string;
    songId: string;
    songTitle: string;
    artistId: string;
    /** As the song names its artist. */
    artistName: string;
    tier: 1 | 2;
    amountCents: number;
    status: PaymentStatus;
    createdAt: string;
    /** The declined attempt that opened this tier; null when none is on record (e.g. removed rows). */
    openedBy: { declineCode: string | null; cardFingerprint: string; attemptedAt: string } | null;
  }>;
}

/** `POST /api/admin/artists/{artistId}/end-sessions`: how many live sessions were ended. */
export interface EndArtistSessionsResponse {
  ended: number;
}
