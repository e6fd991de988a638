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
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { artists, collaboratorPayees, connectAccountCreations } from "@jplay/schema/tables";
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

/**
 * Whose connected account: an artist's, or a collaborator payee's (one per phone, docs/splits.md,
 * Onboarding), created and onboarded alike. Each keeps its creation in progress in its own place:
 * the artist's in `connect_account_creations`, the payee's on its `collaborator_payees` row.
 */
export type ConnectOwner = { kind: "artist"; id: string } | { kind: "collaborator"; id: string };

const OWNED = {
  artist: { table: "artists", creations: "connect_account_creations", ownerColumn: "artist_id", key: "idempotency_key", started: "started_at" },
  collaborator: { table: "collaborator_payees", creations: "collaborator_payees", ownerColumn: "id", key: "account_key", started: "account_started_at" },
} as const;

const metadataOf = (owner: ConnectOwner): Record<string, string> => (owner.kind === "artist" ? { artistId: owner.id } : { collaboratorPayeeId: owner.id });
const creationKey = (owner: ConnectOwner, attempt: number) =>
  keyForAttempt(owner.kind === "artist" ? `connect-account-${owner.id}` : `connect-account-collaborator-${owner.id}`, attempt);
const attemptOf = (key: string) => Number(key.split(":attempt:")[1] ?? 0);

/** The account an earlier creation made for the owner (its metadata), listed since it began. */
async function findCreatedAccount(ctx: Ctx, owner: ConnectOwner, startedAt: number): Promise<Stripe.Account | null> {
  const [[name, value]] = Object.entries(metadataOf(owner)) as [[string, string]];
  let startingAfter: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const listed = await ctx.stripe.accounts.list({
      created: { gte: Math.floor(startedAt / 1000) - CLOCK_SLACK_SECONDS },
      limit: 100,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    const found = listed.data.find((account) => account.metadata?.[name] === value);
    if (found) return found;
    if (!listed.has_more || listed.data.length === 0) return null;
    startingAfter = listed.data[listed.data.length - 1]!.id;
  }
  return null;
}

/** Writes the owner's creation (its first key, begun now) unless one is in progress, and reads it back. */
async function beginCreation(ctx: Ctx, owner: ConnectOwner, now: number): Promise<{ key: string; startedAt: number } | undefined> {
  const first = creationKey(owner, 0);
  if (owner.kind === "artist")
    await ctx.db.insert(connectAccountCreations).values({ artistId: owner.id, idempotencyKey: first, startedAt: now }).onConflictDoNothing();
  else await ctx.db.run(sql`update collaborator_payees set account_key = ${first}, account_started_at = ${now} where id = ${owner.id} and account_key is null`);
  const { creations, ownerColumn, key, started } = OWNED[owner.kind];
  const [pending] = await ctx.db.all<{ key: string | null; startedAt: number | null }>(
    sql`select ${sql.identifier(key)} as key, ${sql.identifier(started)} as startedAt from ${sql.identifier(creations)} where ${sql.identifier(ownerColumn)} = ${owner.id} limit 1`,
  );
  return pending?.key && pending.startedAt !== null ? { key: pending.key, startedAt: pending.startedAt } : undefined;
}

/**
 * The creation in progress for the owner: written before Stripe is asked, so a lost answer is found
 * again. Answers its key, or the account an earlier attempt made when the key may no longer find it.
 */
async function pendingCreation(ctx: Ctx, owner: ConnectOwner): Promise<{ key: string; startedAt: number } | { account: Stripe.Account }> {
  const now = ctx.now();
  const pending = await beginCreation(ctx, owner, now);
  if (!pending || now - pending.startedAt < CREATE_KEY_MAY_HAVE_EXPIRED_MS) return pending ?? { key: creationKey(owner, 0), startedAt: now };
  const found = await findCreatedAccount(ctx, owner, pending.startedAt);
  if (found) return { account: found };
  return { key: await nextCreationKey(ctx, owner, pending.key), startedAt: now };
}

/** Moves the creation to a fresh key (the old one replays a 500, or may have expired), started now. */
async function nextCreationKey(ctx: Ctx, owner: ConnectOwner, spent: string): Promise<string> {
  const next = creationKey(owner, attemptOf(spent) + 1);
  const { creations, ownerColumn, key, started } = OWNED[owner.kind];
  await ctx.db.run(
    sql`update ${sql.identifier(creations)} set ${sql.identifier(key)} = ${next}, ${sql.identifier(started)} = ${ctx.now()}
      where ${sql.identifier(ownerColumn)} = ${owner.id} and ${sql.identifier(key)} = ${spent}`,
  );
  return next;
}

/**
 * Creates the owner's account with parameters that never change (the key's request is the same on
 * every retry, however the artist's settings moved: docs/decisions/094-payout-truth.md). A 500 Stripe
 * stored under the key is looked up at once, and the next attempt gets a new key.
 */
async function createAccount(ctx: Ctx, owner: ConnectOwner, { key, startedAt }: { key: string; startedAt: number }): Promise<Stripe.Account> {
  try {
    return await ctx.stripe.accounts.create(
      { type: "express", country: "US", business_type: "individual", capabilities: { transfers: { requested: true } }, metadata: metadataOf(owner) },
      { idempotencyKey: key },
    );
  } catch (error) {
    if (!spentOnServerError(error)) throw error;
    const found = await findCreatedAccount(ctx, owner, startedAt);
    if (found) return found;
    await nextCreationKey(ctx, owner, key);
    throw error;
  }
}

/**
 * The owner's connected account id, creating the account once: a pending creation (its key and when
 * it began) is kept until the account is stored, the account is created with fixed parameters, then
 * an artist's is given their payout schedule as it is now (`accounts.update`; a collaborator's keeps
 * Stripe's daily one).
 */
async function ensureOwnedAccount(ctx: Ctx, owner: ConnectOwner, stored: string | null, frequency: PaymentFrequency): Promise<string> {
  if (stored) return stored;
  const pending = await pendingCreation(ctx, owner);
  let account = "account" in pending ? pending.account : await createAccount(ctx, owner, pending);
  if (owner.kind === "artist") {
    // The schedule follows the frequency stored now (the artist may have changed it since the first try).
    const [current] = await ctx.db.select({ frequency: artists.paymentFrequency }).from(artists).where(eq(artists.id, owner.id)).limit(1);
    account = await ctx.stripe.accounts.update(account.id, { settings: { payouts: { schedule: payoutSchedule(current?.frequency ?? frequency) } } });
  }
  // Only the first writer sets it, with what Stripe asks of the new account; a racing request reads
  // back the one that won.
  const { table, creations, ownerColumn, key, started } = OWNED[owner.kind];
  await ctx.db.run(
    sql`update ${sql.identifier(table)} set stripe_account_id = ${account.id}, payout_requirements = ${JSON.stringify(requirementsDue(account))}
      where id = ${owner.id} and stripe_account_id is null`,
  );
  await ctx.db.run(
    owner.kind === "artist"
      ? sql`delete from connect_account_creations where artist_id = ${owner.id}`
      : sql`update ${sql.identifier(creations)} set ${sql.identifier(key)} = null, ${sql.identifier(started)} = null where ${sql.identifier(ownerColumn)} = ${owner.id}`,
  );
  const [row] = await ctx.db.all<{ id: string | null }>(sql`select stripe_account_id as id from ${sql.identifier(table)} where id = ${owner.id} limit 1`);
  return row?.id ?? account.id;
}

/** The artist's connected account id, creating the account once (ensureOwnedAccount). */
export const ensureConnectedAccount = (ctx: Ctx, artist: Artist): Promise<string> =>
  ensureOwnedAccount(ctx, { kind: "artist", id: artist.id }, artist.stripeAccountId, artist.paymentFrequency);

export interface OnboardingUrls {
  /** Where Stripe sends the artist when onboarding is done (or left). */
  returnUrl: string;
  /** Where an expired or already used link sends the artist (to ask for a fresh one). */
  refreshUrl: string;
}

/** Creates the account if missing and answers a fresh Account Link URL for its onboarding. */
export async function startConnectOnboarding(ctx: Ctx, artist: Artist, urls: OnboardingUrls): Promise<{ url: string }> {
  return onboardingLink(ctx, await ensureConnectedAccount(ctx, artist), urls);
}

/** A collaborator payee's onboarding (docs/splits.md, Onboarding): their own Express account, created once, and a fresh Account Link. */
export async function startCollaboratorOnboarding(
  ctx: Ctx,
  payee: { id: string; stripeAccountId: string | null },
  urls: OnboardingUrls,
): Promise<{ url: string }> {
  return onboardingLink(ctx, await ensureOwnedAccount(ctx, { kind: "collaborator", id: payee.id }, payee.stripeAccountId, "daily"), urls);
}

async function onboardingLink(ctx: Ctx, account: string, urls: OnboardingUrls): Promise<{ url: string }> {
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

/** `account.updated`: whether the artist's or collaborator's account can be paid out to now, and what Stripe still asks for. */
export async function applyAccountUpdated(ctx: Ctx, account: Stripe.Account): Promise<void> {
  const state = { payoutsEnabled: account.payouts_enabled, payoutRequirements: requirementsDue(account) };
  await ctx.db.batch([
    ctx.db.update(artists).set(state).where(eq(artists.stripeAccountId, account.id)),
    ctx.db.update(collaboratorPayees).set(state).where(eq(collaboratorPayees.stripeAccountId, account.id)),
  ]);
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
