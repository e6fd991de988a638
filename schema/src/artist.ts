/**
 * The artist's private page (`/artist/{token}`, docs/decisions/044) as the API answers it: songs with
 * status and history, sales, balance, payouts and Connect status. Money in cents, times ISO 8601.
 */
import type { PaymentFrequency } from "./payments";
import type { SongPackage, SongStatus } from "./tables";

/**
 * The token segment of `/api/artist/{token}/…` that names the link this browser keeps in its HttpOnly
 * cookie, once `GET /artist/{token}` traded the token in the address for it (the page at `/artist`
 * calls `/api/artist/link/…`). A real token is 43 characters of base64url, never this word.
 */
export const ARTIST_LINK_FROM_COOKIE = "link";

/** `not_started`: no connected account yet; `onboarding`: account exists, payouts not enabled; `ready`. */
export type ConnectStatus = "not_started" | "onboarding" | "ready";

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

export interface ArtistSongEvent {
  fromStatus: SongStatus | null;
  toStatus: SongStatus;
  cause: string;
  at: string;
}

/**
 * What happened to a rejected song's fee (docs/decisions/025): `on_its_way` (asked of Stripe, not yet
 * confirmed), `refunded`, `failed` (with the honest message), or `pro` (no per-song fee was paid).
 */
export interface ArtistSongRefund {
  /** `waiting_for_funds`: Stripe holds the refund until JPlay's available balance covers it. */
  state: "on_its_way" | "waiting_for_funds" | "refunded" | "failed" | "pro";
  amountCents: number;
  message: string | null;
}

export interface ArtistSong {
  id: string;
  title: string;
  artistName: string;
  status: SongStatus;
  package: SongPackage | null;
  createdAt: string;
  distributedAt: string | null;
  rejectionReason: string | null;
  /** Set while an operator has taken the live song down: out of every list, its sales kept. */
  takedown: { reason: string; at: string } | null;
  /** A rejected song's fee going back; null for any other song. */
  refund: ArtistSongRefund | null;
  /** Status transitions, oldest first. */
  history: ArtistSongEvent[];
  /** Downloads listeners bought and what they paid (before the provider's split). */
  sales: { purchases: number; grossCents: number };
  /**
   * The recording's ISRC (stored form, 12 characters: show it with formatIsrc) and the release's UPC
   * (12 or 13 digits), entered by the artist or assigned by JPlay before delivery; null: not yet.
   */
  isrc: string | null;
  upc: string | null;
  /** YYYY-MM-DD: the day the song goes live on tablets (UTC), not before; "" for songs that have none. */
  releaseDate: string;
}

export type ArtistPayoutStatus = "pending" | "paid" | "failed";

export interface ArtistPayout {
  id: string;
  /** The run's date, `YYYY-MM-DD`. */
  period: string;
  amountCents: number;
  status: ArtistPayoutStatus;
  failureMessage: string | null;
  createdAt: string;
}

export interface ArtistBalance {
  /** Earned and not yet paid out. */
  availableCents: number;
  /** On its way to the artist's card (a payout in progress). */
  pendingCents: number;
  /** The part of `availableCents` waiting for the artist to set up payouts (no ready account). */
  heldCents: number;
  /** Balances below this wait for a later payout. */
  minimumCents: number;
}

/** One of the artist's live browser sessions, as their page lists it. */
export interface ArtistSessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** From the browser's User-Agent, e.g. "Chrome 131 on Android". */
  browser: string;
  /** True for the browser this page is open in. */
  current: boolean;
}

/**
 * Downloads sold in one facility state at one price (docs/decisions/071-facility-price-ceilings.md):
 * where listeners bought and what they paid there, never who bought.
 */
export interface ArtistStateSales {
  /** The facility's two-letter US state; null: a purchase the provider reported without a facility JPlay knows. */
  state: string | null;
  /** The price paid, in cents (the song's own, or lower under a facility's price ceiling). */
  priceCents: number;
  purchases: number;
  grossCents: number;
}

export interface ArtistPageResponse {
  paymentFrequency: PaymentFrequency;
  /** The next payout run's date (`YYYY-MM-DD`, at 00:00 UTC). */
  nextPayoutOn: string;
  /** `missing`: what Stripe still needs before payouts (empty when nothing is asked for). */
  connect: { status: ConnectStatus; missing: PayoutRequirement[] };
  balance: ArtistBalance;
  sales: { purchases: number; grossCents: number };
  /** The same sales by facility state and price paid: states A–Z (no facility last), higher prices first. */
  salesByState: ArtistStateSales[];
  songs: ArtistSong[];
  payouts: ArtistPayout[];
  /** The artist's live sessions (browsers where they saved a card), most recently used first. */
  sessions: ArtistSessionView[];
  /** This link's expiry, pushed back by each visit. */
  link: { expiresAt: string };
}

/** `POST /api/artist/{token}/sessions/{sessionId}/end` */
export interface EndArtistSessionResponse {
  ended: boolean;
}

/**
 * `POST /api/artist/{token}/revoke-links`: every link of the artist revoked; this is the new one,
 * which this browser now also keeps in its cookie (shown once, for the artist to keep).
 */
export interface RevokeArtistLinksResponse {
  revoked: number;
  artistPageUrl: string;
}

/** `POST /api/artist/{token}/connect`: the Stripe-hosted onboarding page to open. */
export interface StartPayoutsSetupResponse {
  url: string;
}
