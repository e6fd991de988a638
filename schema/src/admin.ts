/**
 * The admin portal's API shapes (docs/product.md, Data; Calls), shared by the Worker and the SPA. Amounts
 * the operator sees are dollars for display; the server charges its own cents (pricing.ts).
 */
import * as v from "valibot";
import { PAYMENT_STATUSES, RETRY_ITEM_STATUSES } from "./record-statuses";

/** A song within an admin payment record. */
export const AdminSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  status: v.string(),
  /** The distribution fee paid, in dollars; absent when none was paid. */
  distributionFee: v.optional(v.number()),
  /** True while a payment for the song is claimed or in flight. */
  processingPayment: v.boolean(),
});
export type AdminSong = v.InferOutput<typeof AdminSongSchema>;

/** One saved payment method with its artist and the artist's songs (docs/product.md, Data). */
export const AdminPaymentRecordSchema = v.object({
  paymentMethodId: v.string(),
  artistId: v.string(),
  /** The artist name of the artist's latest song (artists have no sign-up name), or "". */
  artistName: v.string(),
  artistPhone: v.string(),
  cardBrand: v.string(),
  last4: v.string(),
  expMonth: v.number(),
  expYear: v.number(),
  isDefault: v.boolean(),
  songs: v.array(AdminSongSchema),
  /** False when none of the artist's songs is approved or distributed and no charge succeeded. */
  hasSuccessfulPayment: v.boolean(),
});
export type AdminPaymentRecord = v.InferOutput<typeof AdminPaymentRecordSchema>;

/** The summary cards: counted over every artist with a card, whatever page or search is shown. */
export const AdminPaymentsSummarySchema = v.object({
  totalArtists: v.number(),
  paymentMethods: v.number(),
  /** Songs of those artists awaiting payment or with a charge in flight. */
  pendingPayments: v.number(),
});
export type AdminPaymentsSummary = v.InferOutput<typeof AdminPaymentsSummarySchema>;

/**
 * `GET /api/admin/payments?q=&cursor=&limit=`: one page of artists (newest first), each artist's
 * cards in `payments`; `nextCursor` asks for the next page, null on the last. `summary` comes with the
 * unsearched first page only (no cursor, no q).
 */
export const AdminPaymentsResponseSchema = v.object({
  payments: v.array(AdminPaymentRecordSchema),
  nextCursor: v.nullable(v.string()),
  summary: v.optional(AdminPaymentsSummarySchema),
});
export type AdminPaymentsResponse = v.InferOutput<typeof AdminPaymentsResponseSchema>;

/** `POST /api/admin/payments/summary`: the summary counted at the operator's request, not up to a minute old. */
export const AdminSummaryRecountResponseSchema = v.object({ summary: AdminPaymentsSummarySchema });
export type AdminSummaryRecountResponse = v.InferOutput<typeof AdminSummaryRecountResponseSchema>;

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

export type RetryItemStatus = (typeof RETRY_ITEM_STATUSES)[number];

/** `POST /api/admin/payments/retry` and `GET /api/admin/payments/retry/{batchId}`. */
export const RetryBatchResponseSchema = v.object({
  batchId: v.string(),
  /** The product's summary; `failed` counts failed and skipped items. */
  summary: v.object({ succeeded: v.number(), failed: v.number() }),
  /** Items not yet charged: the batch has finished when this is 0. */
  pending: v.number(),
  items: v.array(
    v.object({
      id: v.string(),
      artistId: v.string(),
      songId: v.nullable(v.string()),
      paymentMethodId: v.string(),
      amountCents: v.number(),
      status: v.picklist(RETRY_ITEM_STATUSES),
      /** Why it failed or was skipped (e.g. "stolen_card", "authentication_required", "attempt_budget"). */
      reason: v.nullable(v.string()),
    }),
  ),
});
export type RetryBatchResponse = v.InferOutput<typeof RetryBatchResponseSchema>;

/** `GET /api/admin/artists/{artistId}`: the View Details panel. */
export const AdminArtistDetailsSchema = v.object({
  artist: v.object({
    id: v.string(),
    phone: v.string(),
    paymentFrequency: v.string(),
    createdAt: v.string(),
    proActive: v.boolean(),
    payoutsEnabled: v.boolean(),
  }),
  cards: v.array(
    v.object({ paymentMethodId: v.string(), brand: v.string(), last4: v.string(), expMonth: v.number(), expYear: v.number(), isDefault: v.boolean() }),
  ),
  songs: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      artistName: v.string(),
      status: v.string(),
      package: v.nullable(v.string()),
      distributionFee: v.optional(v.number()),
      rejectionReason: v.nullable(v.string()),
      history: v.array(v.object({ from: v.nullable(v.string()), to: v.string(), cause: v.string(), at: v.string() })),
    }),
  ),
  /** The artist's live browser sessions, most recently used first. */
  sessions: v.array(v.object({ id: v.string(), createdAt: v.string(), lastSeenAt: v.string(), browser: v.string() })),
  /** Payment attempts, newest first, with their outcomes. */
  payments: v.array(
    v.object({
      id: v.string(),
      songId: v.nullable(v.string()),
      purpose: v.string(),
      amountCents: v.number(),
      status: v.string(),
      declineCode: v.nullable(v.string()),
      failureMessage: v.nullable(v.string()),
      createdAt: v.string(),
    }),
  ),
});
export type AdminArtistDetails = v.InferOutput<typeof AdminArtistDetailsSchema>;

/** `GET /api/admin/session`: whether this browser is signed in as an operator, and how. */
export const AdminSessionResponseSchema = v.object({
  signedIn: v.boolean(),
  /** "access" in production (Cloudflare Access), "password" locally; null when admin is closed. */
  method: v.nullable(v.picklist(["access", "password"])),
});
export type AdminSessionResponse = v.InferOutput<typeof AdminSessionResponseSchema>;

/** `GET /api/admin/failed-jobs`: jobs that ended in the dead-letter queue, newest first (at most 200). */
export const AdminFailedJobsResponseSchema = v.object({
  failedJobs: v.array(
    v.object({ id: v.string(), jobType: v.string(), payload: v.string(), error: v.nullable(v.string()), songId: v.nullable(v.string()), failedAt: v.string() }),
  ),
});
export type AdminFailedJobsResponse = v.InferOutput<typeof AdminFailedJobsResponseSchema>;

/**
 * `GET /api/admin/payment-mismatches`: succeeded PaymentIntents that disagreed with the payment row
 * they named (amount, currency or customer), newest first (at most 200). None of them paid a song.
 */
export const AdminPaymentMismatchesResponseSchema = v.object({
  mismatches: v.array(
    v.object({
      id: v.string(),
      paymentId: v.string(),
      stripePaymentIntentId: v.string(),
      songId: v.nullable(v.string()),
      artistId: v.string(),
      /** Where it was found, e.g. "webhook: payment_intent.succeeded". */
      source: v.string(),
      expected: v.object({ amountCents: v.number(), currency: v.string(), customer: v.nullable(v.string()) }),
      received: v.object({ amountCents: v.nullable(v.number()), currency: v.nullable(v.string()), customer: v.nullable(v.string()) }),
      detectedAt: v.string(),
    }),
  ),
});
export type AdminPaymentMismatchesResponse = v.InferOutput<typeof AdminPaymentMismatchesResponseSchema>;

/** `GET /api/admin/purchase-mismatches`: purchases the provider reported at another price than the song's, not credited. */
export const AdminPurchaseMismatchesResponseSchema = v.object({
  mismatches: v.array(
    v.object({
      id: v.string(),
      purchaseId: v.string(),
      songId: v.string(),
      songTitle: v.string(),
      reportedPriceCents: v.number(),
      cataloguePriceCents: v.number(),
      purchasedAt: v.string(),
      detectedAt: v.string(),
    }),
  ),
});
export type AdminPurchaseMismatchesResponse = v.InferOutput<typeof AdminPurchaseMismatchesResponseSchema>;

/**
 * `GET /api/admin/recovery-payments`: the discounted recovery payments, newest first, each with the
 * card decline that opened its offer (payments/recovery/recovery-eligibility.ts).
 */
export const AdminRecoveryPaymentsResponseSchema = v.object({
  payments: v.array(
    v.object({
      id: v.string(),
      songId: v.string(),
      songTitle: v.string(),
      artistId: v.string(),
      /** As the song names its artist. */
      artistName: v.string(),
      tier: v.picklist([1, 2]),
      amountCents: v.number(),
      status: v.picklist(PAYMENT_STATUSES),
      createdAt: v.string(),
      /** The declined attempt that opened this tier; null when none is on record (e.g. removed rows). */
      openedBy: v.nullable(v.object({ declineCode: v.nullable(v.string()), cardFingerprint: v.string(), attemptedAt: v.string() })),
    }),
  ),
});
export type AdminRecoveryPaymentsResponse = v.InferOutput<typeof AdminRecoveryPaymentsResponseSchema>;

/** `POST /api/admin/artists/{artistId}/end-sessions`: how many live sessions were ended. */
export const EndArtistSessionsResponseSchema = v.object({ ended: v.number() });
export type EndArtistSessionsResponse = v.InferOutput<typeof EndArtistSessionsResponseSchema>;

/** `POST /api/admin/artists/{artistId}/revoke-links`: how many of the artist's private page links were revoked. */
export const AdminRevokeArtistLinksResponseSchema = v.object({ revoked: v.number() });
export type AdminRevokeArtistLinksResponse = v.InferOutput<typeof AdminRevokeArtistLinksResponseSchema>;
