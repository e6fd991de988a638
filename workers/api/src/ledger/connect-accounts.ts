/**
 * The artist's Stripe Connect account (docs/decisions/010): created once on first use (a pending row
 * keeps its idempotency key; docs/decisions/094-payout-truth.md), then given the artist's payout
 * schedule (daily, or weekly on Monday), onboarded through a Stripe-hosted Account Link where the
 * artist gives the debit card payouts go to and the tax details (the taxpayer id a W-9 certifies),
 * and marked ready when Stripe's `account.updated` says payouts are enabled and nothing is due. What
 * Stripe still asks for (`requirements.currently_due` and `past_due`) is kept, so payouts wait and
 * the artist's page says what is missing (docs/decisions/063-payout-minimum-and-tax-details.md).
 * https://docs.stripe.com/connect/express-accounts
 */
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { artists, connectAccountCreations } from "@jplay/schema/tables";
import type { PaymentFrequency } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { payoutsReady } from "./payouts";
import { loggableError } from "../platform/loggable-error";
import { keyForAttempt, spentOnServerError } from "../platform/stripe-lookup";

type Artist = typeof artists.$inferSelect;

/** The connected account's own payout schedule follows the artist's choice. */
export function payoutSchedule(frequency: PaymentFrequency): Stripe.AccountCreateParams.Settings.Payouts.Schedule {
  return frequency === "weekly" ? { interval: "weekly", weekly_anchor: "monday" } : { interval: "daily" };
}

/** While an artist onboards, Stripe is asked about their account at most this often per isolate. */
export const ONBOARDING_RECHECK_MS = 30_000;
/** When this isolate last asked Stripe about each onboarding account (a bounded memo, never stored). */
const onboardingAsked = new Map<string, number>();
const ONBOARDING_MEMO_MAX = 1_000;

/**
 * Stripe keeps an idempotency key 24 hours (https://docs.stripe.com/api/idempotent_requests); past
 * this age a pending creation's key may be forgotten, so the account is looked up before creating.
 */
export const CREATE_KEY_MAY_HAVE_EXPIRED_MS = 23 * 60 * 60 * 1000;
/** Accounts are listed from a while before the creation began (clocks differ a little). */
const CLOCK_SLACK_SECONDS = 10 * 60;
/** A bound on one look-up: pages of 100 accounts created since the creation began. */
const LOOKUP_PAGES = 10;

const creationKey = (artistId: string, attempt: number) => keyForAttempt(`connect-account-${artistId}`, attempt);
const attemptOf = (key: string) => Number(key.split(":attempt:")[1] ?? 0);

/** The account an earlier creation made for the artist (`metadata.artistId`), listed since it began. */
async function findCreatedAccount(ctx: Ctx, artistId: string, startedAt: number): Promise<Stripe.Account | null> {
  let startingAfter: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const listed = await ctx.stripe.accounts.list({
      created: { gte: Math.floor(startedAt / 1000) - CLOCK_SLACK_SECONDS },
      limit: 100,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    const found = listed.data.find((account) => account.metadata?.artistId === artistId);
    if (found) return found;
    if (!listed.has_more || listed.data.length === 0) return null;
    startingAfter = listed.data[listed.data.length - 1]!.id;
  }
  return null;
}

/**
 * The creation in progress for the artist: written before Stripe is asked, so a lost answer is found
 * again. Answers its key, or the account an earlier attempt made when the key may no longer find it.
 */
async function pendingCreation(ctx: Ctx, artistId: string): Promise<{ key: string; startedAt: number } | { account: Stripe.Account }> {
  const now = ctx.now();
  await ctx.db
    .insert(connectAccountCreations)
    .values({ artistId, idempotencyKey: creationKey(artistId, 0), startedAt: now })
    .onConflictDoNothing();
  const [pending] = await ctx.db.select().from(connectAccountCreations).where(eq(connectAccountCreations.artistId, artistId)).limit(1);
  if (!pending || now - pending.startedAt < CREATE_KEY_MAY_HAVE_EXPIRED_MS)
    return { key: pending?.idempotencyKey ?? creationKey(artistId, 0), startedAt: pending?.startedAt ?? now };
  const found = await findCreatedAccount(ctx, artistId, pending.startedAt);
  if (found) return { account: found };
  return { key: await nextCreationKey(ctx, artistId, pending.idempotencyKey), startedAt: now };
}

/** Moves the creation to a fresh key (the old one replays a 500, or may have expired), started now. */
async function nextCreationKey(ctx: Ctx, artistId: string, spent: string): Promise<string> {
  const key = creationKey(artistId, attemptOf(spent) + 1);
  await ctx.db
    .update(connectAccountCreations)
    .set({ idempotencyKey: key, startedAt: ctx.now() })
    .where(and(eq(connectAccountCreations.artistId, artistId), eq(connectAccountCreations.idempotencyKey, spent)));
  return key;
}

/**
 * Creates the artist's account with parameters that never change (the key's request is the same on
 * every retry, however the artist's settings moved: docs/decisions/094-payout-truth.md). A 500 Stripe
 * stored under the key is looked up at once, and the next attempt gets a new key.
 */
async function createAccount(ctx: Ctx, artistId: string, { key, startedAt }: { key: string; startedAt: number }): Promise<Stripe.Account> {
  try {
    return await ctx.stripe.accounts.create(
      { type: "express", country: "US", business_type: "individual", capabilities: { transfers: { requested: true } }, metadata: { artistId } },
      { idempotencyKey: key },
    );
  } catch (error) {
    if (!spentOnServerError(error)) throw error;
    const found = await findCreatedAccount(ctx, artistId, startedAt);
    if (found) return found;
    await nextCreationKey(ctx, artistId, key);
    throw error;
  }
}

/**
 * The artist's connected account id, creating the account once: a pending creation row (its key and
 * when it began) is kept until the account is stored, the account is created with fixed parameters,
 * then given the artist's payout schedule as it is now (`accounts.update`).
 */
export async function ensureConnectedAccount(ctx: Ctx, artist: Artist): Promise<string> {
  if (artist.stripeAccountId) return artist.stripeAccountId;
  const pending = await pendingCreation(ctx, artist.id);
  const created = "account" in pending ? pending.account : await createAccount(ctx, artist.id, pending);
  // The schedule follows the frequency stored now (the artist may have changed it since the first try).
  const [current] = await ctx.db.select({ frequency: artists.paymentFrequency }).from(artists).where(eq(artists.id, artist.id)).limit(1);
  const account = await ctx.stripe.accounts.update(created.id, {
    settings: { payouts: { schedule: payoutSchedule(current?.frequency ?? artist.paymentFrequency) } },
  });
  // Only the first writer sets it, with what Stripe asks of the new account; a racing request reads
  // back the one that won.
  await ctx.db
    .update(artists)
    .set({ stripeAccountId: account.id, payoutRequirements: requirementsDue(account) })
    .where(and(eq(artists.id, artist.id), isNull(artists.stripeAccountId)));
  await ctx.db.delete(connectAccountCreations).where(eq(connectAccountCreations.artistId, artist.id));
  const [stored] = await ctx.db.select({ id: artists.stripeAccountId }).from(artists).where(eq(artists.id, artist.id)).limit(1);
  return stored?.id ?? account.id;
}

export interface OnboardingUrls {
  /** Where Stripe sends the artist when onboarding is done (or left). */
  returnUrl: string;
  /** Where an expired or already used link sends the artist (to ask for a fresh one). */
  refreshUrl: string;
}

/** Creates the account if missing and answers a fresh Account Link URL for its onboarding. */
export async function startConnectOnboarding(ctx: Ctx, artist: Artist, urls: OnboardingUrls): Promise<{ url: string }> {
  const account = await ensureConnectedAccount(ctx, artist);
  const link = await ctx.stripe.accountLinks.create({ account, type: "account_onboarding", return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
  // The artist is off to onboarding: on their return the page asks Stripe at once.
  onboardingAsked.delete(account);
  return { url: link.url };
}

/**
 * After the artist saves their payout frequency: the connected account (if any) pays out to the card
 * on the same schedule. Best effort: our own payout run follows the stored frequency regardless, so
 * a failure here is logged rather than failing the card the artist just saved.
 */
export async function syncArtistPayoutSchedule(ctx: Ctx, artistId: string): Promise<void> {
  const [artist] = await ctx.db
    .select({ accountId: artists.stripeAccountId, frequency: artists.paymentFrequency })
    .from(artists)
    .where(eq(artists.id, artistId))
    .limit(1);
  if (!artist?.accountId) return;
  try {
    await ctx.stripe.accounts.update(artist.accountId, { settings: { payouts: { schedule: payoutSchedule(artist.frequency) } } });
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "payout schedule not synced to the connected account", artistId, ...loggableError(error) }));
  }
}

/** What Stripe asks of the account before it may be paid out to: `currently_due` and `past_due`, once each, sorted. */
export function requirementsDue(account: Stripe.Account): string[] {
  const requirements = account.requirements;
  return [...new Set([...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])])].sort();
}

/** `account.updated`: whether the artist's account can be paid out to now, and what Stripe still asks for. */
export async function applyAccountUpdated(ctx: Ctx, account: Stripe.Account): Promise<void> {
  await ctx.db
    .update(artists)
    .set({ payoutsEnabled: account.payouts_enabled, payoutRequirements: requirementsDue(account) })
    .where(eq(artists.stripeAccountId, account.id));
}

/**
 * `account.updated` as a webhook: the event's copy of the account is only what it was when the event
 * was made, and Stripe neither orders deliveries nor stops retrying a late one, so a replayed older
 * event would switch payouts off again. The account is read from Stripe instead: whichever event
 * arrives last, the stored state is the current one. https://docs.stripe.com/webhooks#event-ordering
 * Only when Stripe no longer knows the account (resource_missing) does the event's copy stand.
 */
export async function applyAccountUpdatedEvent(ctx: Ctx, account: Stripe.Account): Promise<void> {
  let current: Stripe.Account = account;
  try {
    current = await ctx.stripe.accounts.retrieve(account.id);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")) throw error;
  }
  await applyAccountUpdated(ctx, current);
}

/**
 * Asks Stripe for the account's state while the artist is onboarding, so returning from onboarding
 * shows the result at once even if the `account.updated` webhook has not arrived (yet). At most every
 * ONBOARDING_RECHECK_MS per account and isolate, so reloading the page does not call Stripe each
 * time; the artist's row is written only when the answer changes it. Best effort: on failure the
 * stored state stands and the webhook still updates it.
 */
export async function refreshOnboardingStatus(
  ctx: Ctx,
  artist: Pick<Artist, "id" | "stripeAccountId" | "payoutsEnabled" | "payoutRequirements">,
  now = ctx.now(),
): Promise<void> {
  if (!artist.stripeAccountId || payoutsReady(artist)) return;
  const asked = onboardingAsked.get(artist.stripeAccountId);
  if (asked !== undefined && now - asked < ONBOARDING_RECHECK_MS) return;
  if (onboardingAsked.size >= ONBOARDING_MEMO_MAX) onboardingAsked.clear();
  onboardingAsked.set(artist.stripeAccountId, now);
  try {
    const account = await ctx.stripe.accounts.retrieve(artist.stripeAccountId);
    const changed = account.payouts_enabled !== artist.payoutsEnabled || requirementsDue(account).join() !== artist.payoutRequirements.join();
    if (changed) await applyAccountUpdated(ctx, account);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "connected account status not refreshed", artistId: artist.id, ...loggableError(error) }));
  }
}
