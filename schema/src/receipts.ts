/**
 * The listener's receipts as the provider API speaks of them (docs/catalogue-and-provider-api.md, "Receipts" and
 * "Redemption"): redeeming receipts for download links, a listener's library, a download reported as
 * failed, and what an operator sees of a receipt. Written once with valibot so the routes and the
 * tests agree on every rule.
 */
import * as v from "valibot";
import { ListenerIdSchema } from "./purchases";
import { DOWNLOAD_CREDIT_STATUSES } from "./record-statuses";
import { SongDtoSchema } from "./song";

/** Receipts one redemption call may carry. */
export const MAX_RECEIPTS_PER_REDEMPTION = 50;
/** Redemptions one receipt may have in a rolling day (a new device, a retry, a vendor change fit easily). */
export const REDEMPTIONS_PER_RECEIPT_PER_DAY = 10;
/** Redemptions one listener may have in a rolling hour, whatever the receipts (a whole library restored fits). */
export const REDEMPTIONS_PER_LISTENER_PER_HOUR = 500;
/** Failed downloads of one receipt after which the listener is credited its price (docs/catalogue-and-provider-api.md, "Failed downloads"). */
export const FAILED_DOWNLOADS_BEFORE_CREDIT = 3;

const ReceiptTokenSchema = v.pipe(
  v.string("each receipt must be a string (a compact JWS)"),
  v.minLength(1, "a receipt must not be empty"),
  v.maxLength(4096, "a receipt is at most 4096 characters"),
);

/** `POST /api/provider/redeem`: the listener the receipts are redeemed for, and the receipts. */
export const RedeemRequestSchema = v.object({
  listenerId: ListenerIdSchema,
  receipts: v.pipe(
    v.array(ReceiptTokenSchema, "receipts must be an array of receipts"),
    v.minLength(1, "receipts must hold at least one receipt"),
    v.maxLength(MAX_RECEIPTS_PER_REDEMPTION, `At most ${MAX_RECEIPTS_PER_REDEMPTION} receipts a call; send the rest in another`),
  ),
});
export type RedeemRequest = v.InferOutput<typeof RedeemRequestSchema>;

export type RedemptionRefusal = "invalid_receipt" | "receipt_revoked" | "rights_removed" | "redemption_limit";

/** One receipt's outcome: its download links, or why not. */
export type RedemptionResult =
  | {
      /** The position of the receipt in the request. */
      index: number;
      status: "redeemed";
      receiptId: string;
      songId: string;
      isrc: string | null;
      title: string;
      artistName: string;
      /**
       * This redemption's download attempt: the only id a failed download of these links may be
       * reported under (`POST /api/provider/download-failures`), by this provider, for this receipt.
       */
      attemptId: string;
      /** Signed links that need no headers and stop working at `expiresAt`. */
      audioUrl: string;
      coverUrl: string | null;
      expiresAt: string;
    }
  | { index: number; status: "refused"; receiptId: string | null; code: RedemptionRefusal; reason: string };

export interface RedeemAnswer {
  redeemed: number;
  refused: number;
  results: RedemptionResult[];
}

/** Whether a receipt can be redeemed now. */
export const RECEIPT_STATES = ["valid", "revoked", "rights_removed"] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** One entry of `GET /api/provider/listeners/{id}/library`. */
export interface LibraryEntry {
  receiptId: string;
  receipt: string;
  purchaseId: string;
  songId: string;
  isrc: string | null;
  title: string;
  artistName: string;
  priceCents: number;
  purchasedAt: string;
  state: ReceiptState;
}

export interface LibraryAnswer {
  listenerId: string;
  receipts: LibraryEntry[];
}

/** `POST /api/provider/download-failures`: a download of a receipt's recording that failed. */
export const DownloadFailureSchema = v.object({
  receiptId: v.pipe(
    v.string("receiptId must be a string"),
    v.minLength(1, "receiptId must not be empty"),
    v.maxLength(128, "receiptId must be at most 128 characters"),
  ),
  /** The `attemptId` JPlay gave this provider when it redeemed the receipt: reporting it again counts once. */
  attemptId: v.pipe(
    v.string("attemptId must be a string"),
    v.minLength(1, "attemptId must not be empty"),
    v.maxLength(128, "attemptId must be at most 128 characters"),
    v.regex(/^[A-Za-z0-9._:-]+$/, "attemptId may contain only letters, digits and . _ : -"),
  ),
  reason: v.pipe(v.string("reason must be a string"), v.minLength(1, "reason must not be empty"), v.maxLength(500, "reason must be at most 500 characters")),
});
export type DownloadFailureReport = v.InferOutput<typeof DownloadFailureSchema>;

/**
 * A receipt's failed-download credit: `none` yet, `credited`, `queued` for an operator (the provider
 * reached its daily cap of automatic credits), or `denied` by one.
 */
export type DownloadCreditState = "none" | (typeof DOWNLOAD_CREDIT_STATUSES)[number];

export interface DownloadFailureAnswer {
  receiptId: string;
  /** Distinct failed attempts reported for this receipt so far. */
  failures: number;
  /** Whether the listener has been credited the price (once, at FAILED_DOWNLOADS_BEFORE_CREDIT failures). */
  credited: boolean;
  creditCents: number;
  credit: DownloadCreditState;
}

/** `POST /api/admin/download-credits/{receiptId}/approve|deny`, and each entry of the review queue. */
export const AdminDownloadCreditSchema = v.object({
  receiptId: v.string(),
  providerId: v.string(),
  songId: v.string(),
  title: v.string(),
  amountCents: v.number(),
  failures: v.number(),
  status: v.picklist(DOWNLOAD_CREDIT_STATUSES),
  requestedAt: v.string(),
  decidedAt: v.nullable(v.string()),
  decidedBy: v.nullable(v.string()),
});
export type AdminDownloadCredit = v.InferOutput<typeof AdminDownloadCreditSchema>;

/** `GET /api/admin/download-credits`: the credits waiting for an operator, oldest first (at most 200), and how many wait. */
export const AdminDownloadCreditQueueSchema = v.object({ credits: v.array(AdminDownloadCreditSchema), total: v.number() });
export type AdminDownloadCreditQueue = v.InferOutput<typeof AdminDownloadCreditQueueSchema>;

/** How long a listener transfer code can be redeemed after it was issued. */
export const TRANSFER_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** A transfer code as JPlay issues it: 32 random bytes in unpadded base64url. */
const TransferCodeSchema = v.pipe(
  v.string("code must be a string"),
  v.regex(/^[A-Za-z0-9_-]{43}$/, "code must be a transfer code JPlay issued (43 characters)"),
);

/** `POST /api/provider/transfer-codes`: the holder asks for a code that lets another provider take the listener over. */
export const TransferCodeRequestSchema = v.object({ listenerId: ListenerIdSchema });

export interface TransferCodeAnswer {
  listenerId: string;
  /** Shown once: JPlay keeps only its SHA-256. */
  code: string;
  expiresAt: string;
}

/** `POST /api/provider/listener-transfers`: another provider redeems a code to hold the listener from now on. */
export const ListenerTransferSchema = v.object({ listenerId: ListenerIdSchema, code: TransferCodeSchema });
export type ListenerTransferRequest = v.InferOutput<typeof ListenerTransferSchema>;

export interface ListenerTransferAnswer {
  listenerId: string;
  /** The listener's provider from now on: the caller. */
  providerId: string;
}

/** `GET /api/admin/receipts/{id}`: a receipt as an operator sees it. */
export const AdminReceiptSchema = v.object({
  receiptId: v.string(),
  purchaseId: v.string(),
  listenerId: v.string(),
  songId: v.string(),
  title: v.string(),
  isrc: v.nullable(v.string()),
  priceCents: v.number(),
  purchasedAt: v.string(),
  issuedAt: v.string(),
  kid: v.string(),
  state: v.picklist(RECEIPT_STATES),
  revokedAt: v.nullable(v.string()),
  revokedReason: v.nullable(v.string()),
  revokedBy: v.nullable(v.string()),
  redemptions: v.number(),
  lastRedeemedAt: v.nullable(v.string()),
  failedDownloads: v.number(),
  creditedCents: v.number(),
  /** The failed-download credit: none yet, credited, queued for an operator's review, or denied. */
  credit: v.picklist(["none", ...DOWNLOAD_CREDIT_STATUSES]),
});
export type AdminReceipt = v.InferOutput<typeof AdminReceiptSchema>;

/** `POST /api/admin/receipts/{id}/revoke`. */
export const RevokeReceiptSchema = v.object(
  {
    reason: v.pipe(
      v.string("Enter the reason for revoking this receipt."),
      v.trim(),
      v.minLength(3, "Enter the reason for revoking this receipt."),
      v.maxLength(500, "The reason is at most 500 characters."),
    ),
  },
  "Enter the reason for revoking this receipt.",
);

/** `GET /api/admin/redemptions`: redemptions per provider. */
export const AdminRedemptionsByProviderSchema = v.object({
  providers: v.array(
    v.object({ providerId: v.string(), redemptions: v.number(), receipts: v.number(), listeners: v.number(), lastAt: v.nullable(v.string()) }),
  ),
});
export type AdminRedemptionsByProvider = v.InferOutput<typeof AdminRedemptionsByProviderSchema>;

/** The request header carrying the signed listener token the provider opened the tablet app with. */
export const LISTENER_TOKEN_HEADER = "X-JPlay-Listener";

/** `GET /api/provider/tablet-library`: the listener's purchased songs, newest first, with links that play them. */
export const TabletLibraryAnswerSchema = v.object({ songs: v.array(SongDtoSchema) });
export type TabletLibraryAnswer = v.InferOutput<typeof TabletLibraryAnswerSchema>;

/** Seconds a listener session lives unless the provider asks otherwise (a week), and the most it may ask (30 days). */
export const LISTENER_SESSION_DEFAULT_SECONDS = 7 * 24 * 60 * 60;
export const LISTENER_SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;

/** `POST /api/provider/listeners/{listenerId}/sessions`: how long the session lives (optional). */
export const OpenListenerSessionSchema = v.strictObject({
  expiresInSeconds: v.optional(
    v.pipe(
      v.number("expiresInSeconds must be a number of seconds"),
      v.integer("expiresInSeconds must be whole seconds"),
      v.minValue(60, "expiresInSeconds must be at least 60"),
      v.maxValue(LISTENER_SESSION_MAX_SECONDS, `expiresInSeconds must be at most ${LISTENER_SESSION_MAX_SECONDS} (30 days)`),
    ),
  ),
});
