/**
 * Who may set up a card without a challenge (docs/decisions/084). Card testing through the payment
 * form is slowed, never answered by locking honest artists out: a budget every client shares may
 * only be spent by work an attacker paid for, and reaching it asks everyone for a Turnstile challenge
 * (platform/challenge.ts) instead of refusing anyone.
 *
 * - Per client (an IPv6 /64 or an IPv4 address, platform/client-address.ts): the first setup intents
 *   and card saves of an hour pass freely; past them each needs a passed challenge; past the hourly
 *   limit that client alone is refused (429).
 * - Over all clients: card checks a minute — declines Stripe reported and first saves of a
 *   (customer, card fingerprint) pair. Past CARD_CHECKS_PER_MINUTE every setup intent and save needs
 *   a passed challenge until the minute is over. A setup intent costs nothing and moves no shared
 *   count; a card saved again by its customer is counted once.
 *
 * Every judgement is made from reads first: a request refused or challenged writes nothing.
 */
import type { Ctx } from "../../platform/context";
import { passChallenge } from "../../platform/challenge";
import {
  HOUR_MS,
  MINUTE_MS,
  SAVES_PER_SESSION_PER_HOUR,
  TOO_MANY_SAVES,
  cardChecksPerMinute,
  cardSavesPerAddressPerHour,
  setupIntentsPerAddressPerHour,
  unchallengedCardSavesPerAddressPerHour,
  unchallengedSetupIntentsPerAddressPerHour,
} from "../../platform/limits";
import { clientAddress, countHit, enforceRateLimit, openWindow, refusal, type RateLimit } from "../../platform/rate-limit";

/** The count of card checks over all clients, per minute. */
const CARD_CHECKS_KEY = "card-checks:all";

const TOO_MANY_SETUPS = /*i18n*/ "Too many payment setup attempts from your network. Please wait an hour and try again.";

/** Whether every client must pass a challenge now: all clients together are past their card checks this minute. */
async function serviceBusy(ctx: Ctx): Promise<boolean> {
  return ((await openWindow(ctx, CARD_CHECKS_KEY, MINUTE_MS))?.hits ?? 0) >= cardChecksPerMinute(ctx.env);
}

/**
 * Challenges the request when its client is past `unchallenged` hits of `rule` (or the service is
 * busy), unless a limit will refuse it anyway; then counts it against every rule (429 past one).
 */
async function admit(ctx: Ctx, headers: Headers, clientRule: RateLimit, unchallenged: number, otherRules: RateLimit[] = []): Promise<void> {
  const rules = [clientRule, ...otherRules];
  const now = ctx.now();
  const windows = await Promise.all(rules.map((rule) => openWindow(ctx, rule.key, rule.windowMs, now)));
  // A limit already reached refuses from that read (429 with Retry-After), before any count moves.
  for (const [i, rule] of rules.entries()) {
    const window = windows[i];
    if (window && window.hits >= rule.limit) throw refusal(rule, window.windowStart, now);
  }
  if ((windows[0]?.hits ?? 0) >= unchallenged || (await serviceBusy(ctx))) await passChallenge(ctx, headers);
  for (const rule of rules) await enforceRateLimit(ctx, rule);
}

/** `POST /api/create-setup-intent`: its client's setup intents this hour, challenged past the free ones. */
export function admitSetupIntent(ctx: Ctx, headers: Headers): Promise<void> {
  const rule = { key: `setup-intent:ip:${clientAddress(headers)}`, limit: setupIntentsPerAddressPerHour(ctx.env), windowMs: HOUR_MS, message: TOO_MANY_SETUPS };
  return admit(ctx, headers, rule, unchallengedSetupIntentsPerAddressPerHour(ctx.env));
}

/** `POST /api/save-payment-method`: its client's and its session's save attempts this hour, confirmed or not. */
export function admitCardSave(ctx: Ctx, headers: Headers, customerId: string): Promise<void> {
  const client = { key: `save-card:ip:${clientAddress(headers)}`, limit: cardSavesPerAddressPerHour(ctx.env), windowMs: HOUR_MS, message: TOO_MANY_SAVES };
  const session = { key: `save-card:customer:${customerId}`, limit: SAVES_PER_SESSION_PER_HOUR, windowMs: HOUR_MS, message: TOO_MANY_SAVES };
  return admit(ctx, headers, client, unchallengedCardSavesPerAddressPerHour(ctx.env), [session]);
}

/** One card check an attacker paid for (a decline, a first save of a customer's card): counted over all clients. */
export const countCardCheck = (ctx: Ctx, now = ctx.now()): Promise<void> => countHit(ctx, CARD_CHECKS_KEY, MINUTE_MS, now);
