/**
 * Webhooks Stripe gave up on, found by listing events (docs/decisions/022-finding-out-what-happened-at-stripe.md).
 * Test mode retries a failed delivery only a few times, live mode for three days, and `stripe listen`
 * never: an event the product's endpoint never took is otherwise lost. Each cron run lists the
 * events since the newest one it saw (minus an overlap, for events that become listable late),
 * applies every one not yet in `stripe_events` through the webhook's own code, and records it, so an
 * event applied here and delivered later (or the other way round) takes effect once. A listed event
 * is in the version the account had when it happened: it is read in the SDK's before it is applied
 * (listed-stripe-event.ts). An event that was not applied is kept among the failed jobs with what
 * reads it again (its id, its connected account) and retried by id at the start of every run until
 * it is applied; the cursor moves on, so one event Stripe keeps failing on never holds the walk back,
 * and a walk spanning several runs cannot pass a failure for good.
 * - Platform events: `GET /v1/events?types[]=…&created[gte]=…`, oldest first, a bounded number of
 *   pages a run; a run that did not reach the end goes on from its last page on the next.
 * - Events on connected accounts (`account.updated`, `payout.failed`, `payout.paid`) belong to the
 *   account: the platform lists them with the `Stripe-Account` header, one account at a time
 *   (https://docs.stripe.com/connect/webhooks). Accounts are watched for life: each run reads a
 *   bounded batch of those still waiting to be payable and a bounded batch of the payable ones
 *   (Stripe can restrict an account later, or its payout fail), each batch taking turns on a cursor
 *   of its own (docs/decisions/094-payout-truth.md).
 */
import { and, asc, eq, gt, isNotNull, ne, or } from "drizzle-orm";
import * as v from "valibot";
import type Stripe from "stripe";
import { artists, failedJobs } from "@jplay/schema/tables";
import type { Ctx } from "../../platform/context";
import { recordFailedJob } from "../../platform/failed-jobs";
import { applyAccountUpdatedEvent, applyConnectPayout } from "../../ledger/index";
import { listedEventInPinnedVersion } from "./listed-stripe-event";
import { applyStripeEvent, recordStripeEvent, stripeEventApplied } from "./stripe-events";
import { CONNECT_EVENT_TYPES, PLATFORM_EVENT_TYPES } from "./webhook-endpoints";
import { readSyncCursor, writeSyncCursor } from "./sync-cursors";
import { loggableError } from "../../platform/loggable-error";

/** Events can become listable a little after the time they carry: each run looks this far back. */
export const EVENT_OVERLAP_SECONDS = 10 * 60;
/** The first run (no cursor yet) looks back as far as Stripe retries live webhooks: three days. */
export const FIRST_LOOKBACK_SECONDS = 3 * 24 * 60 * 60;
/** What one run lists at most: pages of events (Stripe's largest page is 100). */
export const EVENT_BOUNDS = { pageSize: 100, pages: 5 };
export const CONNECT_ACCOUNTS_PER_RUN = 20;

export const PLATFORM_EVENTS_CURSOR = "platform-events";
export const CONNECT_ACCOUNTS_CURSOR = "connect-accounts";
export const PAYABLE_CONNECT_ACCOUNTS_CURSOR = "connect-accounts-payable";

/**
 * `since`: the newest event time fully handled. A walk that did not reach the end keeps `since` and
 * goes on after `resumeAfter`; `newest` is what `since` becomes when it ends.
 */
interface EventsPosition {
  since: number;
  resumeAfter?: string;
  newest?: number;
}

export interface MissedEventsReport {
  listed: number;
  applied: number;
  failed: number;
  /** False when the run stopped at its page bound (the next run goes on). */
  complete: boolean;
}

type Outcome = "applied" | "known" | "failed";

/** The failed-jobs row (admin's Failed jobs) that shows operators a listed event not applied. */
const unappliedEventRow = (eventId: string) => `stripe-event:${eventId}`;
const UNAPPLIED_EVENT_JOB = "stripe.event";
/** Unapplied events retried by id a run, oldest first. */
export const UNAPPLIED_EVENTS_PER_RUN = 25;

/** What an unapplied event's row keeps to read it again: `account` for an event on a connected account. */
const UnappliedEventSchema = v.object({ eventId: v.string(), account: v.optional(v.nullable(v.string())) });

/**
 * The webhook route's steps, for an event found by listing: skip if recorded, read it in the pinned
 * version (listed-stripe-event.ts), apply, record. An event not applied is logged and shown to
 * operators among the failed jobs until a later run applies it.
 */
async function applyOnce(ctx: Ctx, event: Stripe.Event, apply: (event: Stripe.Event) => Promise<void>, options: Stripe.RequestOptions = {}): Promise<Outcome> {
  const { db } = ctx;
  try {
    if (await stripeEventApplied(ctx, event.id)) return "known";
    await apply(await listedEventInPinnedVersion(ctx, event, options));
    await recordStripeEvent(ctx, event);
    await db.delete(failedJobs).where(eq(failedJobs.id, unappliedEventRow(event.id)));
    return "applied";
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "reconciliation: event not applied", event: event.id, type: event.type, ...loggableError(error) }));
    await recordFailedJob(ctx, {
      id: unappliedEventRow(event.id),
      jobType: UNAPPLIED_EVENT_JOB,
      payload: JSON.stringify({ eventId: event.id, type: event.type, apiVersion: event.api_version ?? null, account: options.stripeAccount ?? null }),
      error: String(error),
    }).catch(() => undefined);
    return "failed";
  }
}

const applyPlatformEvent = (ctx: Ctx) => (readable: Stripe.Event) => applyStripeEvent(ctx, readable, ctx.env.APP_ORIGIN ?? null);
/** A listed Connect event (of CONNECT_EVENT_TYPES), applied as the Connect endpoint applies it (routes/webhooks/stripe-connect.ts). */
const applyListedConnectEvent = (ctx: Ctx) => async (readable: Stripe.Event) => {
  if (readable.type === "account.updated") await applyAccountUpdatedEvent(ctx, readable.data.object);
  else if (readable.type === "payout.failed" || readable.type === "payout.paid") await applyConnectPayout(ctx, readable.account, readable.data.object);
};

/**
 * Events a run listed and could not apply, read again by id and applied, oldest first, a bounded
 * batch a run. One Stripe no longer has (events are kept 30 days) or cannot be read stays listed for
 * operators, its error updated.
 */
export async function retryUnappliedEvents(ctx: Ctx, limit = UNAPPLIED_EVENTS_PER_RUN): Promise<MissedEventsReport> {
  const rows = await ctx.db
    .select({ id: failedJobs.id, payload: failedJobs.payload })
    .from(failedJobs)
    .where(eq(failedJobs.jobType, UNAPPLIED_EVENT_JOB))
    .orderBy(asc(failedJobs.failedAt), asc(failedJobs.id))
    .limit(limit);
  const report: MissedEventsReport = { listed: rows.length, applied: 0, failed: 0, complete: rows.length < limit };
  for (const row of rows) {
    const kept = v.safeParse(UnappliedEventSchema, JSON.parse(row.payload));
    if (!kept.success) continue;
    const { eventId, account } = kept.output;
    const options: Stripe.RequestOptions = account ? { stripeAccount: account } : {};
    let event: Stripe.Event;
    try {
      event = await ctx.stripe.events.retrieve(eventId, {}, options);
    } catch (error) {
      report.failed++;
      const reason = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(failedJobs)
        .set({ error: `not read again from Stripe: ${reason}` })
        .where(eq(failedJobs.id, row.id));
      continue;
    }
    const outcome = await applyOnce(ctx, event, account ? applyListedConnectEvent(ctx) : applyPlatformEvent(ctx), options);
    if (outcome === "applied" || outcome === "known") report.applied++;
    if (outcome === "known") await ctx.db.delete(failedJobs).where(eq(failedJobs.id, row.id));
    if (outcome === "failed") report.failed++;
  }
  return report;
}

/** Platform events since the cursor that the webhook endpoint never applied. `now`: Unix seconds. */
export async function applyMissedPlatformEvents(ctx: Ctx, now: number, bounds = EVENT_BOUNDS): Promise<MissedEventsReport> {
  const { stripe } = ctx;
  const position = (await readSyncCursor<EventsPosition>(ctx, PLATFORM_EVENTS_CURSOR)) ?? { since: now - FIRST_LOOKBACK_SECONDS };
  const listed: Stripe.Event[] = [];
  let startingAfter = position.resumeAfter;
  let complete = false;
  for (let page = 0; page < bounds.pages; page++) {
    const events = await stripe.events.list({
      types: [...PLATFORM_EVENT_TYPES],
      created: { gte: position.since - EVENT_OVERLAP_SECONDS },
      limit: bounds.pageSize,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    listed.push(...events.data);
    if (!events.has_more || events.data.length === 0) {
      complete = true;
      break;
    }
    startingAfter = events.data[events.data.length - 1]!.id;
  }

  const report: MissedEventsReport = { listed: listed.length, applied: 0, failed: 0, complete };
  // Stripe lists newest first; they are applied oldest first, as they happened. One that fails is
  // kept among the failed jobs and retried by id (retryUnappliedEvents), whatever the cursor does.
  for (const event of listed.reverse()) {
    const outcome = await applyOnce(ctx, event, applyPlatformEvent(ctx));
    if (outcome === "applied") report.applied++;
    if (outcome === "failed") report.failed++;
  }

  const newest = Math.max(position.newest ?? position.since, ...listed.map((event) => event.created));
  const next: EventsPosition = complete ? { since: newest } : { since: position.since, resumeAfter: startingAfter!, newest };
  await writeSyncCursor(ctx, PLATFORM_EVENTS_CURSOR, next);
  return report;
}

/** Whether the artist's account is payable (payouts on, nothing due), as drizzle conditions. */
const payable = and(eq(artists.payoutsEnabled, true), eq(artists.payoutRequirements, []));
const waiting = or(eq(artists.payoutsEnabled, false), ne(artists.payoutRequirements, []));

/**
 * The Connect events (`CONNECT_EVENT_TYPES`) of one bounded batch of connected accounts, `which`
 * ones taking turns on their own cursor: those still waiting to be payable, or the payable ones.
 */
async function applyMissedEventsOf(ctx: Ctx, which: "waiting" | "payable", report: MissedEventsReport): Promise<void> {
  const { db, stripe } = ctx;
  const cursor = which === "waiting" ? CONNECT_ACCOUNTS_CURSOR : PAYABLE_CONNECT_ACCOUNTS_CURSOR;
  const position = (await readSyncCursor<{ after: string }>(ctx, cursor)) ?? { after: "" };
  const batch = await db
    .select({ id: artists.id, accountId: artists.stripeAccountId })
    .from(artists)
    .where(and(isNotNull(artists.stripeAccountId), which === "waiting" ? waiting : payable, gt(artists.id, position.after)))
    .orderBy(asc(artists.id))
    .limit(CONNECT_ACCOUNTS_PER_RUN);
  for (const artist of batch) {
    let events: Stripe.Event[];
    try {
      events = (await stripe.events.list({ types: [...CONNECT_EVENT_TYPES], limit: 10 }, { stripeAccount: artist.accountId! })).data;
    } catch (error) {
      report.failed++;
      console.error(
        JSON.stringify({ level: "error", msg: "reconciliation: connected account's events not listed", artistId: artist.id, ...loggableError(error) }),
      );
      continue;
    }
    report.listed += events.length;
    for (const event of events.reverse()) {
      const outcome = await applyOnce(ctx, event, applyListedConnectEvent(ctx), { stripeAccount: artist.accountId! });
      if (outcome === "applied") report.applied++;
      if (outcome === "failed") report.failed++;
    }
  }
  // A short batch reached the end: the next run starts from the first account again.
  await writeSyncCursor(ctx, cursor, { after: batch.length < CONNECT_ACCOUNTS_PER_RUN ? "" : batch[batch.length - 1]!.id });
}

/**
 * Connect events the Connect endpoint never applied, on a batch of the accounts still waiting to be
 * payable and a batch of the payable ones (a restriction after payable holds payouts; a failed
 * payout is told).
 */
export async function applyMissedConnectEvents(ctx: Ctx): Promise<MissedEventsReport> {
  const report: MissedEventsReport = { listed: 0, applied: 0, failed: 0, complete: true };
  await applyMissedEventsOf(ctx, "waiting", report);
  await applyMissedEventsOf(ctx, "payable", report);
  return report;
}
