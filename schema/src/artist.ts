/**
 * The artist's private page (`/artist/{token}`, docs/decisions/044) as the API answers it: songs with
 * status and history, sales, balance, payouts and Connect status. Money in cents, times ISO 8601.
 */
import * as v from "valibot";
import { PAYOUT_STATUSES } from "./record-statuses";
import { CONNECT_STATUSES, PAYMENT_FREQUENCIES, SONG_PACKAGES, SONG_STATUSES } from "./statuses";

/**
 * The token segment of `/api/artist/{token}/…` that names the link this browser keeps in its HttpOnly
 * cookie, once `GET /artist/{token}` traded the token in the address for it (the page at `/artist`
 * calls `/api/artist/link/…`). A real token is 43 characters of base64url, never this word.
 */
export const ARTIST_LINK_FROM_COOKIE = "link";

/**
 * The query `GET /artist/{token}` adds to `/artist` when it did not keep the link it was given (another
 * website sent the browser there, or the link was malformed): the page says so, and shows the link
 * this browser kept before, if any.
 */
export const ARTIST_LINK_NOT_KEPT = { param: "link", value: "not-kept" } as const;

export { CONNECT_STATUSES, type ConnectStatus } from "./statuses";

/**
 * What Stripe still needs before it pays the artist out, in groups the artist's page words plainly
 * (docs/decisions/063-payout-minimum-and-tax-details.md): `tax_details` the taxpayer id (W-9, or W-8
 * outside the US), `identity_document` a photo ID, `personal_details` name, birth date, address or
 * contact, `payout_account` the debit card or bank account, `terms` Stripe's terms, `other` anything else.
 */
export const PAYOUT_REQUIREMENTS = ["tax_details", "identity_document", "personal_details", "payout_account", "terms", "other"] as const;
export type PayoutRequirement = (typeof PAYOUT_REQUIREMENTS)[number];

/** Which group one of Stripe's requirement names (`requirements.currently_due`) belongs to. */
function requirementGroup(field: string): PayoutRequirement {
  if (/^(individual\.(id_number|ssn_last_4)|company\.tax_id)$/.test(field) || /(^|[._])(tax|us_w8_or_w9|w8|w9)/.test(field)) return "tax_details";
  if (/verification\.(additional_)?document$/.test(field)) return "identity_document";
  if (/^individual\.(first_name|last_name|dob|address|email|phone)/.test(field)) return "personal_details";
  if (field === "external_account") return "payout_account";
  if (field.startsWith("tos_acceptance.")) return "terms";
  return "other";
}

/** Stripe's requirement names as the groups the page lists, each once, in PAYOUT_REQUIREMENTS order. */
export function payoutRequirementsOf(stripeFields: readonly string[]): PayoutRequirement[] {
  const groups = new Set(stripeFields.map(requirementGroup));
  return PAYOUT_REQUIREMENTS.filter((group) => groups.has(group));
}

export const ArtistSongEventSchema = v.object({
  fromStatus: v.nullable(v.picklist(SONG_STATUSES)),
  toStatus: v.picklist(SONG_STATUSES),
  cause: v.string(),
  at: v.string(),
});
export type ArtistSongEvent = v.InferOutput<typeof ArtistSongEventSchema>;

/**
 * What happened to a rejected song's fee (docs/decisions/025): `on_its_way` (asked of Stripe, not yet
 * confirmed), `refunded`, `failed` (with the honest message), or `pro` (no per-song fee was paid).
 * `waiting_for_funds`: Stripe holds the refund until JPlay's available balance covers it.
 */
export const ArtistSongRefundSchema = v.object({
  state: v.picklist(["on_its_way", "waiting_for_funds", "refunded", "failed", "pro"]),
  amountCents: v.number(),
  message: v.nullable(v.string()),
});
export type ArtistSongRefund = v.InferOutput<typeof ArtistSongRefundSchema>;

const SalesSchema = v.object({ purchases: v.number(), grossCents: v.number() });

export const ArtistSongSchema = v.object({
  id: v.string(),
  title: v.string(),
  artistName: v.string(),
  status: v.picklist(SONG_STATUSES),
  package: v.nullable(v.picklist(SONG_PACKAGES)),
  createdAt: v.string(),
  distributedAt: v.nullable(v.string()),
  rejectionReason: v.nullable(v.string()),
  /** Set while an operator has taken the live song down: out of every list, its sales kept. */
  takedown: v.nullable(v.object({ reason: v.string(), at: v.string() })),
  /** A rejected song's fee going back; null for any other song. */
  refund: v.nullable(ArtistSongRefundSchema),
  /** Status transitions, oldest first. */
  history: v.array(ArtistSongEventSchema),
  /** Downloads listeners bought and what they paid (before the provider's split). */
  sales: SalesSchema,
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: v.nullable(v.string()),
  upc: v.nullable(v.string()),
  /** YYYY-MM-DD: the day the song goes live on tablets (UTC), not before; "" for songs that have none. */
  releaseDate: v.string(),
});
export type ArtistSong = v.InferOutput<typeof ArtistSongSchema>;

export type ArtistPayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const ArtistPayoutSchema = v.object({
  id: v.string(),
  /** The run's date, `YYYY-MM-DD`. */
  period: v.string(),
  amountCents: v.number(),
  status: v.picklist(PAYOUT_STATUSES),
  failureMessage: v.nullable(v.string()),
  createdAt: v.string(),
});
export type ArtistPayout = v.InferOutput<typeof ArtistPayoutSchema>;

export const ArtistBalanceSchema = v.object({
  /** Earned and not yet paid out. */
  availableCents: v.number(),
  /** On its way to the artist's card (a payout in progress). */
  pendingCents: v.number(),
  /** The part of `availableCents` waiting for the artist to set up payouts (no ready account). */
  heldCents: v.number(),
  /** Balances below this wait for a later payout. */
  minimumCents: v.number(),
});
export type ArtistBalance = v.InferOutput<typeof ArtistBalanceSchema>;

/** One of the artist's live browser sessions, as their page lists it. */
export const ArtistSessionViewSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  lastSeenAt: v.string(),
  /** From the browser's User-Agent, e.g. "Chrome 131 on Android". */
  browser: v.string(),
  /** True for the browser this page is open in. */
  current: v.boolean(),
});
export type ArtistSessionView = v.InferOutput<typeof ArtistSessionViewSchema>;

/**
 * Downloads sold in one facility state at one price (docs/decisions/071-facility-price-ceilings.md):
 * where listeners bought and what they paid there, never who bought.
 */
export const ArtistStateSalesSchema = v.object({
  /** The facility's two-letter US state; null: a purchase the provider reported without a facility JPlay knows. */
  state: v.nullable(v.string()),
  /** The price paid, in cents (the song's own, or lower under a facility's price ceiling). */
  priceCents: v.number(),
  purchases: v.number(),
  grossCents: v.number(),
});
export type ArtistStateSales = v.InferOutput<typeof ArtistStateSalesSchema>;

/** Where a payee's payout setup stands; `missing`: what Stripe still needs before payouts (empty when nothing is asked for). */
export const ConnectStateSchema = v.object({ status: v.picklist(CONNECT_STATUSES), missing: v.array(v.picklist(PAYOUT_REQUIREMENTS)) });
export type ConnectState = v.InferOutput<typeof ConnectStateSchema>;

export const ArtistPageResponseSchema = v.object({
  paymentFrequency: v.picklist(PAYMENT_FREQUENCIES),
  /** The next payout run's date (`YYYY-MM-DD`, at 00:00 UTC). */
  nextPayoutOn: v.string(),
  connect: ConnectStateSchema,
  balance: ArtistBalanceSchema,
  sales: SalesSchema,
  /** The same sales by facility state and price paid: states A–Z (no facility last), higher prices first. */
  salesByState: v.array(ArtistStateSalesSchema),
  songs: v.array(ArtistSongSchema),
  payouts: v.array(ArtistPayoutSchema),
  /** The artist's live sessions (browsers where they saved a card), most recently used first. */
  sessions: v.array(ArtistSessionViewSchema),
  /** This link's expiry, pushed back by each visit. */
  link: v.object({ expiresAt: v.string() }),
});
export type ArtistPageResponse = v.InferOutput<typeof ArtistPageResponseSchema>;

/** `POST /api/artist/{token}/sessions/{sessionId}/end` */
export const EndArtistSessionResponseSchema = v.object({ ended: v.boolean() });
export type EndArtistSessionResponse = v.InferOutput<typeof EndArtistSessionResponseSchema>;

/**
 * `POST /api/artist/{token}/revoke-links`: every link of the artist revoked; this is the new one,
 * which this browser now also keeps in its cookie (shown once, for the artist to keep).
 */
export const RevokeArtistLinksResponseSchema = v.object({ revoked: v.number(), artistPageUrl: v.string() });
export type RevokeArtistLinksResponse = v.InferOutput<typeof RevokeArtistLinksResponseSchema>;

/** `POST /api/artist/{token}/connect`: the Stripe-hosted onboarding page to open. */
export const StartPayoutsSetupResponseSchema = v.object({ url: v.string() });
export type StartPayoutsSetupResponse = v.InferOutput<typeof StartPayoutsSetupResponseSchema>;

/** The artist's default card as their page shows it (`GET /api/artist/{token}/card`). */
export const ArtistCardSchema = v.object({ brand: v.string(), last4: v.string(), expMonth: v.number(), expYear: v.number() });
export type ArtistCard = v.InferOutput<typeof ArtistCardSchema>;
/** `GET /api/artist/{token}/card`: null when the artist has no default card. */
export const ArtistCardResponseSchema = v.object({ card: v.nullable(ArtistCardSchema) });
export type ArtistCardResponse = v.InferOutput<typeof ArtistCardResponseSchema>;
/** `POST /api/artist/{token}/card {setupIntentId}`: the confirmed card, now the default. */
export const ReplacedCardResponseSchema = v.object({ card: ArtistCardSchema });
export type ReplacedCardResponse = v.InferOutput<typeof ReplacedCardResponseSchema>;
