/**
 * Every abuse limit in one place: how large a request body may be on each route, how often payment
 * setup may be used, and how many unpaid songs an artist may keep and for how long. The numbers and
 * the reasoning behind them are in docs/decisions/020-limits-and-card-testing.md and docs/security.md. Limits a deployment may tune are read from settings here; a setting that is
 * not a positive whole number is ignored (logged once) and the default, the strict value, holds.
 */
import { MESSAGES } from "@jplay/schema/distribution";
import type { MessageValues } from "@jplay/schema/format-message";
import { COVER_MAX_BYTES, MP3_MAX_BYTES } from "@jplay/schema/pricing";
import { MAX_PURCHASE_REPORT_BYTES } from "@jplay/schema/purchases";

const KIB = 1024;
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

// ---- Request bodies -------------------------------------------------------------------------------

/** The distribution form (POST /api/distribute): both files at their limits plus the text fields and multipart framing. */
export const MAX_REQUEST_BYTES = MP3_MAX_BYTES + COVER_MAX_BYTES + 64 * KIB;

export interface BodyRule {
  maxBytes: number;
  /** What the 413 says. */
  message: string;
  /** The values of the message's `{name}` placeholders (platform/errors.ts). */
  values?: MessageValues;
  /**
   * The route reads its body as a stream and enforces this limit itself while reading (the song
   * upload): only a declared length above it is refused up front.
   */
  streamed?: boolean;
}

/** The 413 of routes only operators and machines call (webhooks, the admin API): English, not translated. */
const tooLarge = (maxBytes: number, advice: string) => `The request body is too large: at most ${maxBytes / KIB} KB is accepted here. ${advice}`;

/** Every JSON call of the SPA: the largest real one is a few hundred bytes. */
export const JSON_BODY_MAX_BYTES = 64 * KIB;
/**
 * Stripe's events: the largest the product handles (an invoice or subscription with its lines) are
 * a few KB; a quarter of a megabyte is ample. A refused event is logged: Stripe retries it.
 */
export const WEBHOOK_BODY_MAX_BYTES = 256 * KIB;
/** An operator's retry batch: up to 1,000 items of about 130 bytes each (ids are UUIDs). */
export const ADMIN_RETRY_BODY_MAX_BYTES = 256 * KIB;

const JSON_RULE: BodyRule = {
  maxBytes: JSON_BODY_MAX_BYTES,
  message: /*i18n*/ "The request body is too large: at most {kib} KB is accepted here. Please reload the page and try again.",
  values: { kib: JSON_BODY_MAX_BYTES / KIB },
};

/**
 * First match wins; anything not listed gets the JSON limit, so a new route is covered by default.
 * The JSON rule's message is the one listeners and artists may read: it is marked for translation.
 */
const BODY_RULES: Array<[RegExp, BodyRule]> = [
  [/^\/api\/distribute$/, { maxBytes: MAX_REQUEST_BYTES, message: MESSAGES.songSize, streamed: true }],
  [/^\/api\/webhooks\//, { maxBytes: WEBHOOK_BODY_MAX_BYTES, message: tooLarge(WEBHOOK_BODY_MAX_BYTES, "This endpoint receives Stripe events only.") }],
  [
    /^\/api\/provider\/purchases$/,
    { maxBytes: MAX_PURCHASE_REPORT_BYTES, message: `A report may be at most ${MAX_PURCHASE_REPORT_BYTES / KIB} KB; send fewer purchases per report` },
  ],
  [
    /^\/api\/admin\/payments\/retry$/,
    { maxBytes: ADMIN_RETRY_BODY_MAX_BYTES, message: tooLarge(ADMIN_RETRY_BODY_MAX_BYTES, "Select fewer payments and try again.") },
  ],
];

export function bodyRuleFor(path: string): BodyRule {
  return BODY_RULES.find(([pattern]) => pattern.test(path))?.[1] ?? JSON_RULE;
}

// ---- Payment setup (card testing) -------------------------------------------------------------------

export const HOUR_MS = 60 * MINUTE;
export const MINUTE_MS = MINUTE;

/**
 * Requests one client address (/64 for IPv6) may send a minute to each payment-setup route before
 * Cloudflare's Rate Limiting binding refuses it without any D1 statement (platform/client-bursts.ts).
 * Above the hourly limits per address below (their defaults), so an honest client never reaches it:
 * the binding only refuses a client D1 would refuse anyway, or a flood. Cloudflare holds the number,
 * as `CLIENT_BURSTS`'s `simple.limit` in wrangler.toml (both environments; not a setting), and
 * scripts/production-build.test.ts holds it to this one.
 */
export const CLIENT_BURST_PER_MINUTE = 30;
/**
 * Reads of the public catalogue that reach D1 (the edge cache had no answer) per client address
 * (/64 for IPv6) per minute, on Cloudflare's Rate Limiting binding (`PUBLIC_READ_BURSTS`'s
 * `simple.limit` in wrangler.toml, held to this by scripts/production-build.test.ts). Answers from the
 * cache are never counted, so a facility's tablets behind one address reading the catalogue stay far
 * below it; a client making up addresses (artists, searches, song ids) to miss the cache does not
 * (docs/decisions/088-leaks-and-cheap-reads.md).
 */
export const PUBLIC_READ_BURST_PER_MINUTE = 300;
/** What a client past its burst limit is told. */
export const TOO_MANY_REQUESTS = /*i18n*/ "Too many requests from your network. Please wait a minute and try again.";
/**
 * Setup intents per client address (/64 for IPv6) per hour, challenged or not: past it the client
 * (its own network only) is refused. Setting: SETUP_INTENTS_PER_ADDRESS_PER_HOUR.
 */
export const SETUP_INTENTS_PER_ADDRESS_PER_HOUR = 20;
/**
 * Setup intents a client address may create in an hour without a challenge; past them each needs a
 * passed Turnstile challenge (docs/decisions/084). Setting: UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR.
 */
export const UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR = 5;
/** Card saves one session (its Stripe customer) may attempt per hour, confirmed or not. */
export const SAVES_PER_SESSION_PER_HOUR = 10;
/** Card saves one client address (/64 for IPv6) may attempt per hour, confirmed or not. Setting: CARD_SAVES_PER_ADDRESS_PER_HOUR. */
export const SAVES_PER_ADDRESS_PER_HOUR = 20;
/** Card saves a client address may attempt in an hour without a challenge. Setting: UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR. */
export const UNCHALLENGED_SAVES_PER_ADDRESS_PER_HOUR = 5;
/** What a client that used up its own save attempts is told. */
export const TOO_MANY_SAVES = /*i18n*/ "Too many attempts to save a card. Please wait an hour and try again.";
/** Confirmed cards saved per phone number per hour (a card a customer saved before is not counted again). */
export const SAVES_PER_PHONE_PER_HOUR = 5;
/**
 * Card checks per minute over all clients together before every payment setup must pass a
 * challenge: declines Stripe reported (`setup_intent.setup_failed`) and the first save of each
 * (customer, card fingerprint) pair. Only work an attacker paid a card check for moves it, and
 * reaching it slows everyone down, never refuses anyone (docs/decisions/084).
 * Setting: CARD_CHECKS_PER_MINUTE.
 */
export const CARD_CHECKS_PER_MINUTE = 10;
/** Failed confirmations (declines, failed 3-D Secure) after which a SetupIntent is canceled. */
export const SETUP_FAILURES_BEFORE_CANCEL = 3;

// ---- Unpaid uploads ---------------------------------------------------------------------------------

/** Songs awaiting payment an artist may hold at once. Setting: MAX_UNPAID_SONGS_PER_ARTIST. */
export const MAX_UNPAID_SONGS_PER_ARTIST = 5;
/** How long a song may wait for payment before it is removed with its files. Setting: UNPAID_SONG_EXPIRY_SECONDS. */
export const UNPAID_SONG_EXPIRY_MS = 7 * DAY;
/** Unpaid songs removed per cron run (every 15 minutes): a bound on one run's work. */
export const UNPAID_SONGS_REMOVED_PER_RUN = 50;

// ---- Payments ---------------------------------------------------------------------------------------

/**
 * How long after its last step a payment request that died without answering (the Worker stopped,
 * Stripe timed out) may be taken up again by a retry with the same requestId. Setting:
 * PAYMENT_RESUME_AFTER_SECONDS (the crash tests shorten it).
 */
export const PAYMENT_RESUME_AFTER_MS = 30_000;

// ---- Stripe's limits ---------------------------------------------------------------------------------

/**
 * Transfers a second the platform's Stripe account may create: Stripe's default limit per endpoint
 * (https://docs.stripe.com/rate-limits). A deployment whose limit Stripe raised says so with the
 * setting STRIPE_TRANSFERS_PER_SECOND (docs/decisions/078-payout-transfers-paced.md).
 */
export const STRIPE_TRANSFERS_PER_SECOND = 25;

/**
 * Requests a second Stripe allows the account over every endpoint together
 * (https://docs.stripe.com/rate-limits): 100 in live mode, 25 with a test-mode key (a sandbox). Every
 * request to an endpoint counts against this limit too. Setting: STRIPE_REQUESTS_PER_SECOND.
 */
export const STRIPE_LIVE_REQUESTS_PER_SECOND = 100;
export const STRIPE_TEST_REQUESTS_PER_SECOND = 25;

/**
 * The share of each limit the product paces to: other requests (an artist saving a card, a webhook's
 * re-read, the Dashboard) share the account's limits, and a burst Stripe counts in a slightly
 * different second still fits (docs/decisions/092-stripe-pacing-headroom.md).
 */
export const STRIPE_PACE_SHARE = 0.8;

// ---- Failed downloads ---------------------------------------------------------------------------------

/**
 * Failed-download credits one provider may earn its listeners automatically in a rolling day; past
 * it, each further credit waits for an operator (docs/catalogue-and-provider-api.md, "Failed downloads"). Credits are JPlay's
 * money ($1.99 each): 20 a day bounds what a provider's reports alone can cost at about $40 a day,
 * well above what honest failures come to (a few a day), and an operator still approves the rest.
 * Setting: DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY.
 */
export const DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY = 20;

// ---- Settings ---------------------------------------------------------------------------------------

type NumericSetting =
  | "SETUP_INTENTS_PER_ADDRESS_PER_HOUR"
  | "UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR"
  | "CARD_SAVES_PER_ADDRESS_PER_HOUR"
  | "UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR"
  | "CARD_CHECKS_PER_MINUTE"
  | "MAX_UNPAID_SONGS_PER_ARTIST"
  | "UNPAID_SONG_EXPIRY_SECONDS"
  | "PAYMENT_RESUME_AFTER_SECONDS"
  | "PAYOUT_MINIMUM_CENTS"
  | "STRIPE_TRANSFERS_PER_SECOND"
  | "STRIPE_REQUESTS_PER_SECOND"
  | "DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY";

const badSettingsLogged = new Set<string>();

/** A positive whole-number setting, or `fallback` when it is unset or not one. */
export function numericSetting(env: Partial<Record<NumericSetting, string>>, name: NumericSetting, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  if (!badSettingsLogged.has(name)) {
    badSettingsLogged.add(name);
    console.error(JSON.stringify({ level: "error", msg: "setting ignored: not a positive whole number", setting: name, value: raw, using: fallback }));
  }
  return fallback;
}

export const setupIntentsPerAddressPerHour = (env: Env) => numericSetting(env, "SETUP_INTENTS_PER_ADDRESS_PER_HOUR", SETUP_INTENTS_PER_ADDRESS_PER_HOUR);
export const unchallengedSetupIntentsPerAddressPerHour = (env: Env) =>
  numericSetting(env, "UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR", UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR);
export const cardSavesPerAddressPerHour = (env: Env) => numericSetting(env, "CARD_SAVES_PER_ADDRESS_PER_HOUR", SAVES_PER_ADDRESS_PER_HOUR);
export const unchallengedCardSavesPerAddressPerHour = (env: Env) =>
  numericSetting(env, "UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR", UNCHALLENGED_SAVES_PER_ADDRESS_PER_HOUR);
export const cardChecksPerMinute = (env: Env) => numericSetting(env, "CARD_CHECKS_PER_MINUTE", CARD_CHECKS_PER_MINUTE);
export const maxUnpaidSongsPerArtist = (env: Env) => numericSetting(env, "MAX_UNPAID_SONGS_PER_ARTIST", MAX_UNPAID_SONGS_PER_ARTIST);
export const unpaidSongExpiryMs = (env: Env) => numericSetting(env, "UNPAID_SONG_EXPIRY_SECONDS", UNPAID_SONG_EXPIRY_MS / 1000) * 1000;
export const paymentResumeAfterMs = (env: Env) => numericSetting(env, "PAYMENT_RESUME_AFTER_SECONDS", PAYMENT_RESUME_AFTER_MS / 1000) * 1000;
export const stripeTransfersPerSecond = (env: Env) => numericSetting(env, "STRIPE_TRANSFERS_PER_SECOND", STRIPE_TRANSFERS_PER_SECOND);

/** The account's limit over all endpoints: the setting, else the key's mode's (no key: the local sandbox, a test mode). */
export const stripeRequestsPerSecond = (env: Env) =>
  numericSetting(
    env,
    "STRIPE_REQUESTS_PER_SECOND",
    env.STRIPE_SECRET_KEY?.includes("_live_") ? STRIPE_LIVE_REQUESTS_PER_SECOND : STRIPE_TEST_REQUESTS_PER_SECOND,
  );

/** The rates the payout run paces to: STRIPE_PACE_SHARE of both limits, as requests a second. */
export const stripePaceRates = (env: Env) => ({
  all: stripeRequestsPerSecond(env) * STRIPE_PACE_SHARE,
  transfers: stripeTransfersPerSecond(env) * STRIPE_PACE_SHARE,
});

export const downloadCreditsPerProviderPerDay = (env: Env) =>
  numericSetting(env, "DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY", DOWNLOAD_CREDITS_PER_PROVIDER_PER_DAY);
