/**
 * Every price and limit of docs/product.md, Prices and limits, in integer cents, defined once (docs/architecture.md, Money in cents).
 * The server is authoritative: these are what it charges and credits; screens only display them.
 */
export const LISTENER_PRICE_CENTS = 199;
export const SONG_PRICE_MIN_CENTS = 70;
export const SONG_PRICE_MAX_CENTS = 199;
export const SONG_PRICE_DEFAULT_CENTS = 199;

/**
 * A facility's price ceiling (docs/decisions/071-facility-price-ceilings.md): the most its listeners
 * pay for a song. $1.99 unless an operator sets it lower, never below the lowest price an artist may
 * choose, so a ceiling never sells a song for less than any artist could have asked.
 */
/** @alias of the highest song price, by design */
export const FACILITY_PRICE_CEILING_DEFAULT_CENTS = SONG_PRICE_MAX_CENTS;
/** @alias of the lowest song price, by design */
export const FACILITY_PRICE_CEILING_MIN_CENTS = SONG_PRICE_MIN_CENTS;

/** What a song sells for at a facility: its own price, bounded by the facility's ceiling. */
export const facilityPriceCents = (songPriceCents: number, ceilingCents: number) => Math.min(songPriceCents, ceilingCents);

export const MP3_MAX_BYTES = 15 * 1024 * 1024;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Dollars for display, from cents: 4999 → 49.99. */
export const centsToDollars = (cents: number) => cents / 100;

/** One-time distribution fees (docs/product.md, Prices and limits): the server charges these, never a browser's amount. */
export const STANDARD_FEE_CENTS = 9900;
export const EXPEDITED_FEE_CENTS = 4999;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type FeeOption = "standard" | "expedited";
export const FEE_OPTIONS: readonly FeeOption[] = ["standard", "expedited"];

/**
 * What each way of paying for a song buys (docs/product.md, Prices and limits): the fee the server charges, the
 * provider's revenue split in basis points (the artist keeps the rest) and the delivery window.
 * Keys are `SongPackage` values (tables.ts).
 */
export const PACKAGES = {
  standard: { feeCents: STANDARD_FEE_CENTS, revenueSplitBps: 200, deliveryWindowMs: { min: 14 * DAY_MS, max: 30 * DAY_MS } },
  expedited: { feeCents: EXPEDITED_FEE_CENTS, revenueSplitBps: 1000, deliveryWindowMs: { min: 48 * HOUR_MS, max: 48 * HOUR_MS } },
  recovery_1: { feeCents: 2049, revenueSplitBps: 3000, deliveryWindowMs: { min: 7 * DAY_MS, max: 14 * DAY_MS } },
  recovery_2: { feeCents: 1049, revenueSplitBps: 4000, deliveryWindowMs: { min: 7 * DAY_MS, max: 14 * DAY_MS } },
  /** Pro artists pay no distribution fee while their subscription is active. */
  pro: { feeCents: 0, revenueSplitBps: 800, deliveryWindowMs: { min: 24 * HOUR_MS, max: 24 * HOUR_MS } },
} as const;

/** Recovery offers after a decline (docs/product.md, Screens; Prices and limits): tier → package, and the old price shown. */
export const RECOVERY_TIERS = {
  1: { package: "recovery_1", title: "Special Offer", feeCents: 2049, wasCents: 9900, revenueSplitBps: 3000 },
  2: { package: "recovery_2", title: "Final Offer", feeCents: 1049, wasCents: 1999, revenueSplitBps: 4000 },
} as const;
export type RecoveryTier = keyof typeof RECOVERY_TIERS;

/** The one-off /checkout fee (docs/product.md, Prices and limits, "One-off fee amount 9900 cents"): a standard package. */
export const ONE_OFF_FEE_CENTS = 9900;

/** Pro subscription: $14.99 a month. */
export const PRO_MONTHLY_CENTS = 1499;

/** Admin charges (docs/product.md, Prices and limits): a failed song's retry (paid as recovery tier 2) and an initial charge. */
export const ADMIN_RETRY_CENTS = 1049;
export const ADMIN_INITIAL_CHARGE_CENTS = 799;

/** docs/product.md, Prices and limits timing rules the server enforces for `complete`. */
export const PAYMENT_ATTEMPT_INTERVAL_MS = 30_000;
export const FEE_OPTION_SWITCH_INTERVAL_MS = 60_000;

/** Card-network rules: at most this many charge attempts per card fingerprint in the window. */
export const CARD_ATTEMPTS_PER_WINDOW = 15;
export const CARD_ATTEMPT_WINDOW_MS = 30 * DAY_MS;

/** Recovery offers: at most one per artist, and one per card, in this window (docs/decisions/059). */
export const RECOVERY_OFFER_WINDOW_MS = 90 * DAY_MS;

/**
 * Payouts: the smallest balance paid out ($10.00); below it the balance waits for a later payout day.
 * The default of the `PAYOUT_MINIMUM_CENTS` setting (workers/api/src/ledger/payouts.ts, payoutMinimumCents).
 */
export const PAYOUT_MINIMUM_CENTS = 1000;

/**
 * Splits a sale between the provider and the artist (docs/decisions/043). Rounding rule: the
 * provider's share is rounded down to the cent and the artist receives the remainder, so rounding
 * always favours the artist and the two shares always add up to the price exactly.
 * e.g. $1.99 at 10% → provider 19¢, artist 180¢.
 */
export function splitSale(priceCents: number, revenueSplitBps: number): { providerCents: number; artistCents: number } {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`priceCents must be a non-negative integer, got ${priceCents}`);
  if (!Number.isInteger(revenueSplitBps) || revenueSplitBps < 0 || revenueSplitBps > 10_000)
    throw new RangeError(`revenueSplitBps out of range: ${revenueSplitBps}`);
  const providerCents = Math.floor((priceCents * revenueSplitBps) / 10_000);
  return { providerCents, artistCents: priceCents - providerCents };
}
