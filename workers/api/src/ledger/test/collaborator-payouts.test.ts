/**
 * Collaborators are paid in the artists' payout runs (docs/splits.md, Payouts), with real local D1,
 * the Stripe sandbox and the Worker's own queue consumer: the run's Cron task starts the artists'
 * pages and the collaborators', each payable payee gets its job, and one run pays an artist and their
 * collaborator once each, the collaborator's Transfer going to their own connected account.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LEDGER_ACCOUNTS as A } from "@jplay/schema/ledger-postings";
import worker from "../../index";
import type { Job } from "../../platform/job";
import { createStripe } from "../../platform/stripe-client";
import { DAILY_CRON } from "../../worker/crons";
import { accountBalance, ledgerTotal } from "../ledger";
import { saveSongSplit } from "../../splits/index";
import { fundPlatformBalance, payableConnectedAccount } from "../../../test/platform-funds";
import { CapturingQueue } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";
import { at, collaboratorIds, liveSong, sell, split } from "../../splits/test/collaborator.test-support";

const stripe = createStripe(env);
const phone = "+15550300501";

/** Runs the daily Cron at `day` and every job it leads to through the Worker's queue handler, 10 a batch; answers the jobs run. */
async function runPayoutDay(day: Date, jobEnv: Env, queue: CapturingQueue): Promise<Job[]> {
  await worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: day.getTime() }), jobEnv, createExecutionContext());
  const run: Job[] = [];
  let serial = 0;
  for (let bodies = queue.take(); bodies.length > 0; bodies = queue.take()) {
    for (let i = 0; i < bodies.length; i += 10) {
      const messages = bodies.slice(i, i + 10).map(({ body }) => ({ id: `m${++serial}`, timestamp: new Date(), attempts: 1, body }));
      run.push(...messages.map((message) => message.body));
      const batch = createMessageBatch<Job>("jplay-jobs", messages);
      const ctx = createExecutionContext();
      await worker.queue(batch, jobEnv, ctx);
      expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
    }
  }
  return run;
}

describe("a collaborator paid in the same payout run", () => {
  it("pays an artist and their collaborator once each, to their own accounts, and a second run that day pays nobody", async () => {
    const { artistId, songId } = await liveSong("Harbor", "Ana");
    const artistAccount = (await payableConnectedAccount()).id;
    await env.DB.prepare("update artists set payment_frequency = 'daily', stripe_account_id = ?2, payouts_enabled = 1 where id = ?1")
      .bind(artistId, artistAccount)
      .run();
    await saveSongSplit(at(Date.now() - 60_000), artistId, songId, split(["Hal", phone, 3_000]));
    // The collaborator accepted, confirmed the phone and onboarded (collaborator-onboarding.test.ts walks those steps).
    await env.DB.prepare("update collaborators set accepted_at = ?2 where phone = ?1").bind(phone, Date.now()).run();
    const collaboratorAccount = (await payableConnectedAccount()).id;
    const payeeId = crypto.randomUUID();
    await env.DB.prepare("insert into collaborator_payees (id, phone, confirmed_at, stripe_account_id, payouts_enabled) values (?1, ?2, ?3, ?4, 1)")
      .bind(payeeId, phone, Date.now(), collaboratorAccount)
      .run();
    await sell(songId, 40);
    const [collaboratorId] = await collaboratorIds(phone);
    const owed = {
      artist: await accountBalance(testContext(), A.artistAvailable(artistId)),
      collaborator: await accountBalance(testContext(), A.collaboratorAvailable(collaboratorId!)),
    };
    expect(owed.collaborator).toBeGreaterThanOrEqual(1000);
    expect(owed.artist).toBeGreaterThanOrEqual(1000);
    await fundPlatformBalance(owed.artist + owed.collaborator + 10_000);

    const queue = new CapturingQueue();
    const jobEnv = { ...env, JOBS: queue.asQueue() } as unknown as Env;
    const run = await runPayoutDay(new Date("2026-12-08T00:00:00Z"), jobEnv, queue);
    expect(run.map((job) => job.type).sort()).toEqual(["payouts.artist", "payouts.collaborator", "payouts.collaborator_page", "payouts.page"]);

    const transfers = async (destination: string) => (await stripe.transfers.list({ destination, limit: 10 })).data.map((transfer) => transfer.amount);
    expect(await transfers(artistAccount)).toEqual([owed.artist]);
    expect(await transfers(collaboratorAccount)).toEqual([owed.collaborator]);
    expect(await accountBalance(testContext(), A.collaboratorAvailable(collaboratorId!))).toBe(0);
    expect(await accountBalance(testContext(), A.collaboratorPayoutPending(payeeId))).toBe(0);
    expect(await env.DB.prepare("select status, amount_cents as cents from collaborator_payouts where payee_id = ?1").bind(payeeId).first()).toEqual({
      status: "paid",
      cents: owed.collaborator,
    });
    expect(await ledgerTotal(testContext())).toBe(0);

    // The run again the same day pays nobody twice.
    await runPayoutDay(new Date("2026-12-08T00:00:00Z"), jobEnv, queue);
    expect(await transfers(collaboratorAccount)).toHaveLength(1);
    expect(await transfers(artistAccount)).toHaveLength(1);
  });
});
