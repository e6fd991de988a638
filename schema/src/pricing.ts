/**
 * Every price and limit of spec section 9, in integer cents, defined once (ARCHITECTURE decision 5).
 * The server is authoritative: these are what it charges and credits; screens only display them.
 */
export const LISTENER_PRICE_CENTS = 199;
export const SONG_PRICE_MIN_CENTS = 70;
export const SONG_PRICE_MAX_CENTS = 199;
export const SONG_PRICE_DEFAULT_CENTS = 199;

export const MP3_MAX_BYTES = 15 * 1024 * 1024;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Dollars for display, from cents: 4999 → 49.99. */
export const centsToDollars = (cents: number) => cents / 100;

/** "$1,234.50" from cents. */
export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One-time distribution fees (spec section 9): the server charges these, never a browser's amount. */
export const STANDARD_FEE_CENTS = 9900;
export const EXPEDITED_FEE_CENTS = 4999;
