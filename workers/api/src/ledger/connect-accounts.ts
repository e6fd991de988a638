/**
 * The artist's Stripe Connect account (docs/decisions/010): created on first use with the artist's payout
 * schedule (daily, or weekly on Monday), onboarded through a Stripe-hosted Account Link where the
 * artist gives the debit card payouts go to and the tax details (the taxpayer id a W-9 certifies),
 * and marked ready when Stripe's `account.updated` says payouts are enabled and nothing is due. What
 * Stripe still asks for (`requirements.currently_due` and `past_due`) is kept, so payouts wait and
 * the artist's page says what is missing (docs/decisions/063-payout-minimum-and-tax-details.md).
 * https://docs.stripe.com/connect/express-accounts
 */
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { artists } from "@jplay/schema/tables";
import type { PaymentFrequency } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { payoutsReady } from "./payouts";
import { loggableError } from "../platform/loggable-error";

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

/** The artist's connected account id, creating the account once (the idempotency key is the artist's). */
export async function ensureConnectedAccount(ctx: Ctx, artist: Artist): Promise<string> {
  if (artist.stripeAccountId) return artist.stripeAccountId;
  const account = await ctx.stripe.accounts.create(
    {
      type: "express",
      country: "US",
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
      settings: { payouts: { schedule: payoutSchedule(artist.paymentFrequency) } },
      metadata: { artistId: artist.id },
    },
    { idempotencyKey: `connect-account-${artist.id}` },
  );
  // Only the first writer sets it, with what Stripe asks of the new account; a racing request reads
  // back the one that won.
  await ctx.db
    .update(artists)
    .set({ stripeAccountId: account.id, payoutRequirements: requirementsDue(account) })
    .where(and(eq(artists.id, artist.id), isNull(artists.stripeAccountId)));
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
  const [artist] = await ctx.db.select({ accountId: artists.stripeAccountId, frequency: artists.paymentFrequency }).from(artists).where(eq(artists.id, artistId)).limit(1);
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
