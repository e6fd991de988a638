/**
 * The daily payout run, fanned out through the JOBS queue so 100,000 artists stay within a Worker
 * invocation's limits: the Cron task only enqueues the first `payouts.page`; each page job reads one
 * bounded page of artists due today (keyset pagination on the artist id), enqueues one
 * `payouts.artist` job per artist with something to pay (one sendBatch of at most 100 messages), after
 * enqueueing the next page. Redelivered pages re-enqueue the same artist jobs, which pay once.
 * Artists with an unfinished payout (one waiting for the platform's Stripe balance, ledger/payouts.ts)
 * are in every day's run, whatever their frequency, so a waiting payout goes on the next run.
 */
import type { Ctx } from "../../platform/context";
import { artistAvailableBalances } from "../ledger";
import { artistsDuePage, artistsWithPendingPayouts, payoutMinimumCents, payoutPeriod, payoutsReady } from "../payouts";
import type { JobOf } from "../../platform/job";

/** Artists per page job; also the most messages one sendBatch may carry (Queues limit: 100). */
export const PAYOUT_PAGE_SIZE = 100;

type PayoutPageJob = JobOf<"payouts.page">;

/** The Cron task (daily at 00:00 UTC): starts the run for today's period, its artists' pages and its collaborators' (docs/splits.md, Payouts). */
export async function startPayoutRun(ctx: Ctx, scheduledTime: Date): Promise<void> {
  const period = payoutPeriod(scheduledTime);
  await ctx.jobs.sendBatch([{ body: { type: "payouts.page", period, cursor: null } }, { body: { type: "payouts.collaborator_page", period, cursor: null } }]);
}

/** One page of the run: enqueues the page's payable artists and the next page. */
export async function runPayoutPage(ctx: Ctx, job: PayoutPageJob): Promise<{ artists: number; enqueued: number; next: string | null }> {
  const page = await artistsDuePage(ctx, job.period, job.cursor, PAYOUT_PAGE_SIZE);
  const ids = page.map((artist) => artist.id);
  const balances = await artistAvailableBalances(ctx, ids);
  // Artists with an unfinished payout get a job too, so it is repaired even when nothing new is due.
  const unfinished = await artistsWithPendingPayouts(ctx, ids);
  const minimum = payoutMinimumCents(ctx.env);
  const payable = page.filter((artist) => unfinished.has(artist.id) || (payoutsReady(artist) && (balances.get(artist.id) ?? 0) >= minimum));
  const queue = ctx.jobs;
  // The next page goes in before this page's artists: behind them it would be the queue's last
  // message, alone, and wait out the consumer's batch timeout on every page (2 s × 1,000 pages at
  // 100,000 artists) before the walk could go on.
  const next = page.length === PAYOUT_PAGE_SIZE ? page[page.length - 1]!.id : null;
  if (next) await queue.send({ type: "payouts.page", period: job.period, cursor: next });
  if (payable.length > 0) await queue.sendBatch(payable.map((artist) => ({ body: { type: "payouts.artist", artistId: artist.id, period: job.period } })));
  return { artists: page.length, enqueued: payable.length, next };
}
