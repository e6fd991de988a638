/**
 * The tablet provider's purchase report (POST /api/provider/purchases), written once with valibot so
 * the route and the tests agree on every rule. Each purchase names the listener's download by the
 * provider's own id; reporting it again changes nothing.
 */
import * as v from "valibot";
import { SONG_PRICE_MAX_CENTS } from "./pricing";

/** Purchases per report: one report is one D1 batch, well inside the Worker's limits. */
export const MAX_PURCHASES_PER_REPORT = 500;
/** A signed report is accepted this long after its timestamp (replays later are refused)… */
export const PROVIDER_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;
/** …and this far ahead of the server's clock (clock skew). */
export const PROVIDER_SIGNATURE_MAX_SKEW_SECONDS = 60;
/** Raw body size refused before parsing (500 purchases fit in well under 200 KB). */
export const MAX_PURCHASE_REPORT_BYTES = 256 * 1024;

/**
 * Why a listener id does not look opaque (null: it does). The provider names a listener by its own
 * pseudonym: 16–64 characters of letters, digits, `_` and `-`, at least 8 different ones. Refused: a
 * number (digits, with or without separators: an inmate or account number), anything with a space,
 * `@` or `.` (a name, an e-mail address), a short code, and, under 22 characters, a name (letters
 * only, in one case or as capitalised words, e.g. `JohnMichaelSmith`, `john_smith`). A random id of
 * 128 bits or more (a UUID, a base64url token of 22+ characters) is never refused, as no name shape is
 * looked for in it; a shorter random token can look like a name (a 16-character one about once in
 * 2,300), so providers should name listeners with 128 random bits or more. A guard against mistakes,
 * not a proof: the provider's contract is to send a pseudonym.
 */
export function listenerIdProblem(id: string): string | null {
  if (/^[\d_-]+$/.test(id) && !UUID.test(id))
    return "listenerId must be the provider's opaque listener id, not a number (an inmate or account number is refused)";
  if (/[@.]/.test(id)) return "listenerId must be the provider's opaque listener id, not an e-mail address or name";
  if (/\s/.test(id)) return "listenerId must be the provider's opaque listener id: no spaces (a name is refused)";
  if (id.length < LISTENER_ID_MIN_LENGTH || id.length > LISTENER_ID_MAX_LENGTH)
    return `listenerId must be ${LISTENER_ID_MIN_LENGTH}–${LISTENER_ID_MAX_LENGTH} characters (an opaque id, e.g. a UUID)`;
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return "listenerId may contain only letters, digits, _ and -";
  // Name shapes are looked for only below 128 bits: a random id of 22+ characters is never refused.
  if (id.length < OPAQUE_ALWAYS_LENGTH && (/^[a-z_-]+$/.test(id) || /^[A-Z_-]+$/.test(id) || /^([A-Z][a-z]+[_-]?)+$/.test(id)))
    return "listenerId must be the provider's opaque listener id, not a name";
  if (new Set(id).size < 8) return "listenerId must have at least 8 different characters, as a random opaque id does";
  return null;
}
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const LISTENER_ID_MIN_LENGTH = 16;
export const LISTENER_ID_MAX_LENGTH = 64;
/** 22 base64url characters hold 128 random bits (a UUID holds 122). */
const OPAQUE_ALWAYS_LENGTH = 22;

/** A listener id that looks opaque (listenerIdProblem): used by purchase reports and every listener call. */
export const ListenerIdSchema = v.pipe(
  v.string("listenerId must be a string"),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = listenerIdProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const DeviceIdSchema = v.pipe(
  v.string("deviceId must be a string"),
  v.minLength(1, "deviceId must not be empty"),
  v.maxLength(128, "deviceId must be at most 128 characters"),
  v.regex(/^[A-Za-z0-9._:-]+$/, "deviceId may contain only letters, digits and . _ : -"),
);

export const PurchaseSchema = v.object({
  purchaseId: v.pipe(
    v.string("purchaseId must be a string"),
    v.minLength(1, "purchaseId must not be empty"),
    v.maxLength(128, "purchaseId must be at most 128 characters"),
    v.regex(/^[A-Za-z0-9._:-]+$/, "purchaseId may contain only letters, digits and . _ : -"),
  ),
  songId: v.pipe(v.string("songId must be a string"), v.minLength(1, "songId must not be empty"), v.maxLength(128, "songId must be at most 128 characters")),
  priceCents: v.pipe(
    v.number("priceCents must be a number"),
    v.integer("priceCents must be a whole number of cents"),
    v.minValue(1, `priceCents must be between 1 and ${SONG_PRICE_MAX_CENTS}`),
    v.maxValue(SONG_PRICE_MAX_CENTS, `priceCents must be between 1 and ${SONG_PRICE_MAX_CENTS}`),
  ),
  purchasedAt: v.pipe(
    v.string("purchasedAt must be an ISO 8601 timestamp string"),
    v.isoTimestamp("purchasedAt must be an ISO 8601 timestamp with a time zone, e.g. 2026-11-23T04:05:06Z"),
    v.check((value) => Number.isFinite(Date.parse(value)), "purchasedAt is not a valid date"),
  ),
  /** The provider's opaque id for the listener who bought it: with it, JPlay signs the listener a receipt. */
  listenerId: v.optional(ListenerIdSchema),
  /** The tablet it was bought on (the provider's id for it); only with a listenerId. */
  deviceId: v.optional(DeviceIdSchema),
  /** The facility the listener bought it in (the id admin's Catalogue tab shows). */
  facilityId: v.optional(
    v.pipe(
      v.string("facilityId must be a string"),
      v.minLength(1, "facilityId must not be empty"),
      v.maxLength(128, "facilityId must be at most 128 characters"),
    ),
  ),
});

export const PurchaseReportSchema = v.object({
  purchases: v.pipe(
    v.array(PurchaseSchema, "purchases must be an array"),
    v.minLength(1, "purchases must hold at least one purchase"),
    v.maxLength(MAX_PURCHASES_PER_REPORT, `A report holds at most ${MAX_PURCHASES_PER_REPORT} purchases; send the rest in another report`),
  ),
});

export type ReportedPurchase = v.InferOutput<typeof PurchaseSchema>;
export type PurchaseReport = v.InferOutput<typeof PurchaseReportSchema>;

/** The receipt JPlay signed for a purchase with a listener: its id and the compact JWS (docs/catalogue-and-provider-api.md, "Receipts"). */
export interface IssuedReceipt {
  receiptId: string;
  receipt: string;
}

/** What happened to one reported purchase. */
export type PurchaseOutcome =
  | ({ purchaseId: string; status: "recorded" } & Partial<IssuedReceipt>)
  /** Already recorded by an earlier report: nothing changed (its receipt is the one first issued). */
  | ({ purchaseId: string; status: "duplicate" } & Partial<IssuedReceipt>)
  /** Not recorded; `reason` says why (unknown song, song not in the catalogue). */
  | {
      purchaseId: string;
      status: "rejected";
      code: "unknown_song" | "song_not_distributed" | "song_has_no_artist" | "purchased_in_future" | "price_mismatch";
      reason: string;
    };

export interface PurchaseReportAnswer {
  recorded: number;
  duplicates: number;
  rejected: number;
  results: PurchaseOutcome[];
}
