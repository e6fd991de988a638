/**
 * Scheduled payouts through the Worker's cron and queue handlers with real local D1 and the Stripe
 * sandbox: one transfer per artist and period however often the run or its jobs are delivered,
 * weekly artists only on Mondays, held balances, the minimum, refused transfers returning the money,
 * transfers Stripe refuses for a short platform balance waiting for the next run, crash repair with
 * the same idempotency key, a queue batch's artists paid together (one artist's failure retried
 * alone, a batch delivered again paying nothing twice, the texts written with the payouts and sent
 * by one job), and a ledger that still sums to zero. The platform's Stripe balance is
 * funded as production funds it (a top-up, platform-funds.ts). The queue is a recording stand-in, so
 * every message of the fan-out is seen and delivered (also twice) on purpose.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { artists, payouts } from "@jplay/schema/tables";
import worker from "../../index";
import { createDb } from "../../platform/db";
import type { Job } from "../../platform/job";
import { PAYOUT_PAGE_SIZE, runPayoutPage } from "../jobs/payout-run";
import { DAILY_CRON } from "../../worker/crons";
import { createStripe } from "../../platform/stripe-client";
import { ACCOUNTS, accountBalance, artistAvailableBalances, ledgerTotal, postTransaction } from "../ledger";
import { payoutIdempotencyKey, payoutTransferGroup } from "../payouts";
import { drainPlatformBalance, fundPlatformBalance, sandboxHelper, sandboxRead } from "../../../test/platform-funds";
import { nextPhone, testContext } from "../../../test/support";

const stripe = createStripe(env);
const db = createDb(env.DB);
const testCtx = testContext();

const MONDAY = new Date("2026-11-23T00:00:00Z");
const TUESDAY = new Date("2026-11-24T00:00:00Z");
const WEDNESDAY = new Date("2026-11-25T00:00:00Z");
const THURSDAY = new Date("2026-11-26T00:00:00Z");
const FRIDAY = new Date("2026-11-27T00:00:00Z");

/** A queue that records what the code sends, checking the Queues limit of 100 messages per batch. */
class RecordingQueue {
  readonly pending: Job[] = [];
  readonly batchSizes: number[] = [];
  async send(body: Job) {
    this.pending.push(body);
  }
  async sendBatch(messages: Iterable<{ body: Job }>) {
    const list = [...messages];
    this.batchSizes.push(list.length);
    expect(list.length).toBeLessThanOrEqual(100);
    this.pending.push(...list.map((m) => m.body));
  }
}

let messageSerial = 0;

/** Delivers every queued message through the Worker's queue handler, `copies` times each. */
async function drain(queue: RecordingQueue, jobEnv: Env, copies = 1) {
  while (queue.pending.length > 0) {
    const bodies = queue.pending.splice(0, 10);
    const messages = bodies.flatMap((body) => Array.from({ length: copies }, () => ({ id: `m${++messageSerial}`, timestamp: new Date(), attempts: 1, body })));
    const batch = createMessageBatch<Job>("jplay-jobs", messages);
    const ctx = createExecutionContext();
    await worker.queue(batch, jobEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([]);
  }
}

/** The daily Cron Trigger at `day` 00:00 UTC, then the whole fan-out it starts. */
async function runPayoutDay(day: Date, { copies = 1 } = {}) {
  const queue = new RecordingQueue();
  const jobEnv = { ...env, JOBS: queue } as unknown as Env;
  await worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: day.getTime() }), jobEnv, createExecutionContext());
  const period = day.toISOString().slice(0, 10);
  // The artists' first page and the collaborators' (docs/splits.md, Payouts).
  expect(queue.pending).toEqual([
    { type: "payouts.page", period, cursor: null },
    { type: "payouts.collaborator_page", period, cursor: null },
  ]);
  await drain(queue, jobEnv, copies);
  return queue;
}

/** A connected account Stripe can pay (Custom: terms accepted, the taxpayer id, a debit card). */
const payableAccount = () =>
  stripe.accounts.create({
    type: "custom",
    country: "US",
    business_type: "individual",
    individual: { id_number: "000000000" },
    capabilities: { transfers: { requested: true } },
    external_account: "tok_visa_debit",
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" },
  });

type Readiness = "ready" | "no_account" | "onboarding" | "stale";

/**
 * An artist with a payout frequency and a connected account in the given state. `stale`: our row says
 * payouts are enabled but Stripe has since stopped the account (transfers to it are refused).
 */
async function newArtist(frequency: "daily" | "weekly", readiness: Readiness = "ready") {
  const id = crypto.randomUUID();
  let accountId: string | null = null;
  if (readiness === "ready") accountId = (await payableAccount()).id;
  if (readiness === "onboarding" || readiness === "stale") {
    accountId = (await stripe.accounts.create({ type: "express", capabilities: { transfers: { requested: true } } })).id;
  }
  await db
    .insert(artists)
    .values({ id, paymentFrequency: frequency, stripeAccountId: accountId, payoutsEnabled: readiness === "ready" || readiness === "stale" });
  return { id, accountId };
}

/** What a reported sale credits (the sales ledger's shape): the provider owes it, the artist earns it. */
async function credit(artistId: string, cents: number) {
  await postTransaction(testCtx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -cents },
    { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: cents },
  ]);
}

const available = async (artistId: string) => (await artistAvailableBalances(testCtx, [artistId])).get(artistId) ?? 0;
const pendingBalance = (artistId: string) => accountBalance(testCtx, ACCOUNTS.artistPayoutPending(artistId));
const transfersTo = async (accountId: string | null) => (accountId ? (await stripe.transfers.list({ destination: accountId, limit: 100 })).data : []);
const payoutsOf = (artistId: string) => db.select().from(payouts).where(eq(payouts.artistId, artistId)).orderBy(payouts.period);

beforeAll(async () => {
  await fundPlatformBalance(10_000_000);
});

afterEach(async () => {
  // After every sequence of credits and payouts: the ledger balances and no artist account is negative.
  expect(await ledgerTotal(testCtx)).toBe(0);
  const { results } = await env.DB.prepare(
    "SELECT account, sum(amount_cents) AS balance FROM ledger_entries WHERE artist_id IS NOT NULL GROUP BY account HAVING balance < 0",
  ).all();
  expect(results).toEqual([]);
});

describe("the daily payout run", () => {
  it("on a Monday, run twice with every job delivered twice, pays each payable artist exactly once and keeps everyone else's money", async () => {
    const weekly = await newArtist("weekly");
    const daily = await newArtist("daily");
    const heldNoAccount = await newArtist("weekly", "no_account");
    const heldOnboarding = await newArtist("daily", "onboarding");
    const small = await newArtist("daily");
    const refused = await newArtist("daily", "stale");
    await credit(weekly.id, 5000);
    await credit(daily.id, 1990);
    await credit(daily.id, 1010);
    await credit(heldNoAccount.id, 4000);
    await credit(heldOnboarding.id, 3500);
    await credit(small.id, 999);
    await credit(refused.id, 2500);
    const sentBefore = await accountBalance(testCtx, ACCOUNTS.payoutsSent);

    await runPayoutDay(MONDAY, { copies: 2 });
    await runPayoutDay(MONDAY, { copies: 2 });

    const [weeklyTransfer, ...extraWeekly] = await transfersTo(weekly.accountId);
    expect(extraWeekly).toEqual([]);
    expect(weeklyTransfer).toMatchObject({
      amount: 5000,
      currency: "usd",
      destination: weekly.accountId,
      metadata: { artistId: weekly.id, period: "2026-11-23" },
    });
    const [dailyTransfer, ...extraDaily] = await transfersTo(daily.accountId);
    expect(extraDaily).toEqual([]);
    expect(dailyTransfer?.amount).toBe(3000);

    expect(await payoutsOf(weekly.id)).toMatchObject([{ period: "2026-11-23", amountCents: 5000, status: "paid", stripeTransferId: weeklyTransfer!.id }]);
    expect(weeklyTransfer!.transfer_group).toBe(payoutTransferGroup((await payoutsOf(weekly.id))[0]!.id));
    expect(await available(weekly.id)).toBe(0);
    expect(await available(daily.id)).toBe(0);
    expect(await pendingBalance(weekly.id)).toBe(0);
    expect((await accountBalance(testCtx, ACCOUNTS.payoutsSent)) - sentBefore).toBe(8000);

    // No ready account: the balance is held, nothing written, nothing lost.
    for (const [artist, cents] of [
      [heldNoAccount, 4000],
      [heldOnboarding, 3500],
    ] as const) {
      expect(await payoutsOf(artist.id)).toEqual([]);
      expect(await available(artist.id)).toBe(cents);
    }
    expect(await transfersTo(heldOnboarding.accountId)).toEqual([]);
    // Below the $10.00 minimum (a cent short): waits for a later run.
    expect(await payoutsOf(small.id)).toEqual([]);
    expect(await available(small.id)).toBe(999);
    expect(await transfersTo(small.accountId)).toEqual([]);
    // Stripe refused the transfer: the payout failed and the money is back, available.
    expect(await payoutsOf(refused.id)).toMatchObject([{ status: "failed", amountCents: 2500, stripeTransferId: null }]);
    expect((await payoutsOf(refused.id))[0]!.failureMessage).toContain("capabilities");
    expect(await available(refused.id)).toBe(2500);
    expect(await pendingBalance(refused.id)).toBe(0);
  });

  it("pays weekly artists only on Mondays and daily artists every day", async () => {
    const weekly = await newArtist("weekly");
    const daily = await newArtist("daily");
    await credit(weekly.id, 7000);
    await credit(daily.id, 1500);

    await runPayoutDay(TUESDAY);
    expect(await transfersTo(weekly.accountId)).toEqual([]);
    expect(await payoutsOf(weekly.id)).toEqual([]);
    expect(await available(weekly.id)).toBe(7000);
    expect((await transfersTo(daily.accountId)).map((t) => t.amount)).toEqual([1500]);

    await credit(daily.id, 1200);
    await runPayoutDay(WEDNESDAY);
    expect((await transfersTo(daily.accountId)).map((t) => t.amount)).toEqual([1200, 1500]);
    expect((await payoutsOf(daily.id)).map((p) => [p.period, p.status])).toEqual([
      ["2026-11-24", "paid"],
      ["2026-11-25", "paid"],
    ]);
    expect(await transfersTo(weekly.accountId)).toEqual([]);
  });

  it("a transfer refused for a short platform balance leaves the payout pending, its money in payout pending, and pays it once on the next run after a top-up", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 9000);
    await drainPlatformBalance();
    await runPayoutDay(WEDNESDAY, { copies: 2 });
    const [waiting, ...others] = await payoutsOf(artist.id);
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ period: "2026-11-25", status: "pending", amountCents: 9000, failureMessage: null, stripeTransferId: null });
    expect(waiting!.fundingWaits).toBeGreaterThanOrEqual(1);
    expect(waiting!.waitingForFundsSince).toEqual(expect.any(Number));
    expect(await pendingBalance(artist.id)).toBe(9000);
    expect(await available(artist.id)).toBe(0);
    expect(await transfersTo(artist.accountId)).toEqual([]);

    // Still short the next day: the waiting payout is tried again and waits on; new earnings stay
    // available instead of piling up a second waiting payout.
    await credit(artist.id, 1500);
    await runPayoutDay(THURSDAY);
    expect((await payoutsOf(artist.id)).map((p) => [p.period, p.status])).toEqual([["2026-11-25", "pending"]]);
    expect((await payoutsOf(artist.id))[0]!.fundingWaits).toBeGreaterThan(waiting!.fundingWaits);
    expect(await available(artist.id)).toBe(1500);
    expect(await transfersTo(artist.accountId)).toEqual([]);

    // The operator tops up; the next run pays the waiting payout, then the new earnings, each once.
    await fundPlatformBalance(100_000);
    await runPayoutDay(FRIDAY, { copies: 2 });
    await runPayoutDay(FRIDAY);
    expect((await payoutsOf(artist.id)).map((p) => [p.period, p.amountCents, p.status])).toEqual([
      ["2026-11-25", 9000, "paid"],
      ["2026-11-27", 1500, "paid"],
    ]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount).sort()).toEqual([1500, 9000]);
    expect(await pendingBalance(artist.id)).toBe(0);
    expect(await available(artist.id)).toBe(0);
  });

  it("a weekly artist's waiting payout goes on the next day's run, not the next Monday's", async () => {
    const artist = await newArtist("weekly");
    await credit(artist.id, 7000);
    await drainPlatformBalance();
    await runPayoutDay(MONDAY);
    expect(await payoutsOf(artist.id)).toMatchObject([{ period: "2026-11-23", status: "pending" }]);

    await fundPlatformBalance(100_000);
    await runPayoutDay(TUESDAY);
    expect(await payoutsOf(artist.id)).toMatchObject([{ period: "2026-11-23", status: "paid" }]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([7000]);
    expect(await pendingBalance(artist.id)).toBe(0);
  });
});

/** What a crashed attempt leaves: the payout row and the money moved to payout_pending. */
async function crashedBeforeStripe(artistId: string, period: string, cents: number) {
  const id = crypto.randomUUID();
  await db.insert(payouts).values({ id, artistId, period, amountCents: cents });
  await postTransaction(testCtx, "payout", id, [
    { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: -cents },
    { account: ACCOUNTS.artistPayoutPending(artistId), artistId, amountCents: cents },
  ]);
  return id;
}

describe("one artist's payout job", () => {
  const artistJob = (artistId: string, period: string): Job => ({ type: "payouts.artist", artistId, period });

  async function deliver(job: Job) {
    const batch = createMessageBatch<Job>("jplay-jobs", [{ id: `m${++messageSerial}`, timestamp: new Date(), attempts: 1, body: job }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    return getQueueResult(batch, ctx);
  }

  it("finishes a payout whose earlier attempt crashed before calling Stripe", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 6400);
    const payoutId = await crashedBeforeStripe(artist.id, "2026-12-01", 6400);
    expect(await pendingBalance(artist.id)).toBe(6400);

    expect((await deliver(artistJob(artist.id, "2026-12-01"))).explicitAcks).toHaveLength(1);
    expect(await payoutsOf(artist.id)).toMatchObject([{ id: payoutId, status: "paid" }]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([6400]);
    expect(await pendingBalance(artist.id)).toBe(0);
    expect(await available(artist.id)).toBe(0);
  });

  it("reuses the Transfer an earlier attempt created before it crashed: no second transfer", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 4100);
    const payoutId = await crashedBeforeStripe(artist.id, "2026-12-02", 4100);
    const earlier = await stripe.transfers.create(
      { amount: 4100, currency: "usd", destination: artist.accountId!, transfer_group: payoutTransferGroup(payoutId), metadata: { payoutId } },
      { idempotencyKey: payoutIdempotencyKey(payoutId) },
    );

    await deliver(artistJob(artist.id, "2026-12-02"));
    await deliver(artistJob(artist.id, "2026-12-02"));
    expect((await transfersTo(artist.accountId)).map((t) => t.id)).toEqual([earlier.id]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ id: payoutId, status: "paid", stripeTransferId: earlier.id }]);
    expect(await pendingBalance(artist.id)).toBe(0);
  });

  it("retries through the queue while Stripe is failing, keeping the money pending, then pays once", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 3330);
    // A 500 stored under the transfer's key (the SDK does not resend it): the job fails and the queue is asked to retry it.
    await sandboxHelper("/v1/test_helpers/faults", { mode: "http_500", count: "1", path_prefix: "/v1/transfers" });
    const first = await deliver(artistJob(artist.id, "2026-12-03"));
    expect(first.retryMessages).toHaveLength(1);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "pending", amountCents: 3330 }]);
    expect(await pendingBalance(artist.id)).toBe(3330);
    expect(await available(artist.id)).toBe(0);

    const second = await deliver(artistJob(artist.id, "2026-12-03"));
    expect(second.explicitAcks).toHaveLength(1);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([3330]);
    expect(await pendingBalance(artist.id)).toBe(0);
  });

  it("repairs an unfinished payout of an earlier day before paying today", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 5000);
    await crashedBeforeStripe(artist.id, "2026-12-04", 5000);
    await credit(artist.id, 2500);
    await deliver(artistJob(artist.id, "2026-12-05"));
    expect((await payoutsOf(artist.id)).map((p) => [p.period, p.amountCents, p.status])).toEqual([
      ["2026-12-04", 5000, "paid"],
      ["2026-12-05", 2500, "paid"],
    ]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount).sort()).toEqual([2500, 5000]);
    expect(await available(artist.id)).toBe(0);
  });

  it("after a short balance, tries again under a new idempotency key: Stripe keeps the refusal under the first", async () => {
    const artist = await newArtist("daily");
    await credit(artist.id, 4800);
    await drainPlatformBalance();
    expect((await deliver(artistJob(artist.id, "2026-12-10"))).explicitAcks).toHaveLength(1);
    const [waiting] = await payoutsOf(artist.id);
    expect(waiting).toMatchObject({ status: "pending", fundingWaits: 1 });

    await fundPlatformBalance(100_000);
    // The first attempt's key still answers with the refusal, funds or not.
    const replayed = await stripe.transfers
      .create(
        {
          amount: 4800,
          currency: "usd",
          destination: artist.accountId!,
          transfer_group: payoutTransferGroup(waiting!.id),
          metadata: { payoutId: waiting!.id, artistId: artist.id, period: "2026-12-10" },
        },
        { idempotencyKey: payoutIdempotencyKey(waiting!.id) },
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(replayed).toMatchObject({ code: "balance_insufficient" });

    await deliver(artistJob(artist.id, "2026-12-11"));
    await deliver(artistJob(artist.id, "2026-12-11"));
    const [paid] = await payoutsOf(artist.id);
    expect(paid).toMatchObject({ id: waiting!.id, status: "paid" });
    const transfers = await transfersTo(artist.accountId);
    expect(transfers.map((t) => [t.id, t.amount])).toEqual([[paid!.stripeTransferId, 4800]]);
    expect(await pendingBalance(artist.id)).toBe(0);
  });

  it("does nothing for a weekly artist on another weekday or an unknown artist", async () => {
    const artist = await newArtist("weekly");
    await credit(artist.id, 8000);
    await deliver(artistJob(artist.id, "2026-12-02"));
    await deliver(artistJob(crypto.randomUUID(), "2026-12-02"));
    expect(await payoutsOf(artist.id)).toEqual([]);
    expect(await available(artist.id)).toBe(8000);
  });
});

type Delivered = { artistId: string; messageId: string };

interface BatchDelivery {
  queue?: RecordingQueue;
  /** The same jobs again in the same batch. */
  extra?: string[];
  /** Variables over the test's own (e.g. STRIPE_TRANSFERS_PER_SECOND). */
  settings?: Record<string, string>;
}

/** One queue batch of `payouts.artist` messages through the Worker's queue handler. */
async function deliverBatch(artistIds: string[], period: string, { queue = new RecordingQueue(), extra = [], settings = {} }: BatchDelivery = {}) {
  const delivered: Delivered[] = [...artistIds, ...extra].map((artistId) => ({ artistId, messageId: `m${++messageSerial}` }));
  const batch = createMessageBatch<Job>(
    "jplay-jobs",
    delivered.map(({ artistId, messageId }) => ({ id: messageId, timestamp: new Date(), attempts: 1, body: { type: "payouts.artist", artistId, period } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...settings, JOBS: queue } as unknown as Env, ctx);
  const result = await getQueueResult(batch, ctx);
  const retried = new Set(result.retryMessages.map((message) => message.msgId));
  return { acked: new Set(result.explicitAcks), retriedArtists: delivered.filter((d) => retried.has(d.messageId)).map((d) => d.artistId), delivered, queue };
}

async function payableArtists(count: number, cents: (i: number) => number) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const artist = await newArtist("daily");
    await db.update(artists).set({ phone: nextPhone() }).where(eq(artists.id, artist.id));
    await credit(artist.id, cents(i));
    made.push(artist);
  }
  return made;
}

describe("a queue batch's artists, paid together", () => {
  const payoutTexts = (payoutId: string) =>
    env.DB.prepare("select id, status, body from text_messages where dedupe_key = ?1")
      .bind(`payout_sent:${payoutId}`)
      .all<{ id: string; status: string; body: string }>();

  it("pays every artist of the batch once, writes each text with its payout and sends them in one job; the batch delivered again changes nothing", async () => {
    const group = await payableArtists(5, (i) => 1100 + i * 100);
    const ids = group.map((artist) => artist.id);
    // Two of the jobs are in the batch twice, as a queue may deliver them.
    const first = await deliverBatch(ids, "2026-12-14", { extra: ids.slice(0, 2) });
    expect(first.retriedArtists).toEqual([]);
    expect(first.acked.size).toBe(7);

    const textIds: string[] = [];
    for (const [i, artist] of group.entries()) {
      const [payout, ...more] = await payoutsOf(artist.id);
      expect(more).toEqual([]);
      expect(payout).toMatchObject({ period: "2026-12-14", amountCents: 1100 + i * 100, status: "paid" });
      expect((await transfersTo(artist.accountId)).map((t) => [t.id, t.amount])).toEqual([[payout!.stripeTransferId, 1100 + i * 100]]);
      expect(await available(artist.id)).toBe(0);
      expect(await pendingBalance(artist.id)).toBe(0);
      const { results: texts } = await payoutTexts(payout!.id);
      expect(texts).toMatchObject([{ status: "queued" }]);
      textIds.push(texts[0]!.id);
    }
    // No message per text: one job sends the batch's texts.
    expect(first.queue.pending).toEqual([{ type: "texts.send", messageIds: expect.arrayContaining(textIds) }]);
    expect((first.queue.pending[0] as { messageIds: string[] }).messageIds).toHaveLength(5);
    await drain(first.queue, { ...env, JOBS: first.queue } as unknown as Env);
    for (const id of textIds)
      expect((await env.DB.prepare("select status from text_messages where id = ?1").bind(id).first<{ status: string }>())?.status).toBe("logged");

    const again = await deliverBatch(ids, "2026-12-14");
    expect(again.retriedArtists).toEqual([]);
    expect(again.queue.pending).toEqual([]);
    for (const artist of group) {
      expect(await payoutsOf(artist.id)).toHaveLength(1);
      expect(await transfersTo(artist.accountId)).toHaveLength(1);
      expect((await payoutTexts((await payoutsOf(artist.id))[0]!.id)).results).toHaveLength(1);
    }
  });

  it("an artist whose transfer fails is retried alone: the others are paid and acknowledged, the failing one's money waits in payout pending, then pays once", async () => {
    const group = await payableArtists(4, (i) => 2000 + i);
    const ids = group.map((artist) => artist.id);
    // Stripe answers one of the batch's transfers, sent at once, with a 500 stored under its key.
    await sandboxHelper("/v1/test_helpers/faults", { mode: "http_500", count: "1", path_prefix: "/v1/transfers" });
    const first = await deliverBatch(ids, "2026-12-15");
    expect(first.retriedArtists).toHaveLength(1);
    expect(first.acked.size).toBe(3);
    const failing = group.find((artist) => artist.id === first.retriedArtists[0])!;
    for (const artist of group) {
      if (artist === failing) continue;
      expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
      expect(await transfersTo(artist.accountId)).toHaveLength(1);
    }
    const cents = 2000 + group.indexOf(failing);
    expect(await payoutsOf(failing.id)).toMatchObject([{ status: "pending", amountCents: cents, stripeTransferId: null }]);
    expect(await pendingBalance(failing.id)).toBe(cents);
    expect(await available(failing.id)).toBe(0);
    expect(await transfersTo(failing.accountId)).toEqual([]);

    // The queue retries that one message: paid once, under the payout's next key.
    const retry = await deliverBatch([failing.id], "2026-12-15");
    expect(retry.retriedArtists).toEqual([]);
    expect(await payoutsOf(failing.id)).toMatchObject([{ status: "paid", amountCents: cents }]);
    expect((await transfersTo(failing.accountId)).map((t) => t.amount)).toEqual([cents]);
    expect(await pendingBalance(failing.id)).toBe(0);
    for (const artist of group) expect(await transfersTo(artist.accountId)).toHaveLength(1);
  });
});

describe("Stripe's rate limit on Transfers", () => {
  afterEach(async () => {
    await sandboxHelper("/v1/test_helpers/rate_limits", { reset: "true" });
  });

  /** The sandbox's 429s since its limits were last set. */
  const refused = async () => ((await sandboxRead("/v1/test_helpers/rate_limits")) as { refused: Record<string, number> }).refused;

  it("two batches at once keep to the account's limit through the one pacer: Stripe refuses none, and each artist is paid once", async () => {
    const group = await payableArtists(8, (i) => 1500 + i);
    // Stripe allows the account 4 Transfers a second, and the product is told so.
    await sandboxHelper("/v1/test_helpers/rate_limits", { global: "100", endpoint: "4" });
    const ids = group.map((artist) => artist.id);
    // Two consumers side by side, as the queue runs them.
    const deliveries = await Promise.all(
      [ids.slice(0, 4), ids.slice(4)].map((half) => deliverBatch(half, "2026-12-16", { settings: { STRIPE_TRANSFERS_PER_SECOND: "4" } })),
    );
    const retriedArtists = deliveries.flatMap((delivery) => delivery.retriedArtists);
    expect(retriedArtists).toEqual([]);
    expect(await refused()).toEqual({ "global-rate": 0, "endpoint-rate": 0 });
    // The checks' own reads are not held to the account's limit.
    await sandboxHelper("/v1/test_helpers/rate_limits", { off: "true" });
    for (const artist of group) expect(await transfersTo(artist.accountId)).toHaveLength(1);
  });

  it("a test-mode account's limit over all endpoints holds the Transfers and the look-ups of resumed payouts together: Stripe refuses none", async () => {
    // Four payouts an earlier attempt left unfinished (each is looked up by its transfer group, then
    // sent) and four new ones, in one batch: twelve requests.
    const resumed = await payableArtists(4, (i) => 1900 + i);
    for (const artist of resumed) await crashedBeforeStripe(artist.id, "2026-12-19", 1900);
    const fresh = await payableArtists(4, (i) => 2000 + i);
    // The account allows 5 requests a second in all, and 25 Transfers: the product is told both.
    await sandboxHelper("/v1/test_helpers/rate_limits", { global: "5", endpoint: "25" });
    const { retriedArtists } = await deliverBatch(
      [...resumed, ...fresh].map((artist) => artist.id),
      "2026-12-19",
      {
        settings: { STRIPE_REQUESTS_PER_SECOND: "5", STRIPE_TRANSFERS_PER_SECOND: "25" },
      },
    );
    expect(retriedArtists).toEqual([]);
    expect(await refused()).toEqual({ "global-rate": 0, "endpoint-rate": 0 });
    await sandboxHelper("/v1/test_helpers/rate_limits", { off: "true" });
    for (const artist of [...resumed, ...fresh]) {
      expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
      expect(await transfersTo(artist.accountId)).toHaveLength(1);
    }
  });

  it("the same Transfers sent at once meet Stripe's 429s (what the pacing prevents)", async () => {
    const group = await payableArtists(8, (i) => 1500 + i);
    // One Transfer a second: eight sent together meet a 429 however slowly a busy machine sends them
    // (at 4 a second, eight spread over two seconds met none).
    await sandboxHelper("/v1/test_helpers/rate_limits", { global: "100", endpoint: "1" });
    // A limit so high the pacer spaces nothing: the Transfers go out together, as before the pacing.
    await deliverBatch(
      group.map((artist) => artist.id),
      "2026-12-17",
      { settings: { STRIPE_TRANSFERS_PER_SECOND: "1000000" } },
    );
    expect((await refused())["endpoint-rate"]).toBeGreaterThan(0);
    for (const artist of group) expect((await payoutsOf(artist.id)).length).toBe(1);
  });

  it("a 429 is waited out in the same job under the same key: paid once, no message retried", async () => {
    const group = await payableArtists(3, (i) => 1700 + i);
    await sandboxHelper("/v1/test_helpers/faults", { mode: "http_429", count: "2", path_prefix: "/v1/transfers", method: "POST" });
    const { retriedArtists } = await deliverBatch(
      group.map((artist) => artist.id),
      "2026-12-18",
    );
    expect(retriedArtists).toEqual([]);
    for (const artist of group) {
      expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
      expect(await transfersTo(artist.accountId)).toHaveLength(1);
    }
  });
});

describe("fan-out", () => {
  it("pages through artists 100 at a time, the next page ahead of the page's artists, and enqueues each payable artist once, in batches of at most 100", async () => {
    const payable = Array.from({ length: 230 }, () => crypto.randomUUID());
    const skipped = Array.from({ length: 15 }, () => crypto.randomUUID());
    // Written in one D1 batch (a quarter of a thousand artists one by one would be slow).
    const statements: D1PreparedStatement[] = [];
    const creditStatements = (artistId: string, cents: number) => {
      const txn = crypto.randomUUID();
      return [
        env.DB.prepare("INSERT INTO ledger_transactions (id, kind, ref) VALUES (?, 'purchase', ?)").bind(txn, crypto.randomUUID()),
        env.DB.prepare("INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents) VALUES (?, ?, 'provider:receivable', NULL, ?)").bind(
          crypto.randomUUID(),
          txn,
          -cents,
        ),
        env.DB.prepare("INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents) VALUES (?, ?, ?, ?, ?)").bind(
          crypto.randomUUID(),
          txn,
          ACCOUNTS.artistAvailable(artistId),
          artistId,
          cents,
        ),
      ];
    };
    payable.forEach((id, i) => {
      // A stand-in account id: this test only enqueues, nothing is transferred.
      statements.push(
        env.DB.prepare("INSERT INTO artists (id, payment_frequency, stripe_account_id, payouts_enabled) VALUES (?, 'daily', ?, 1)").bind(
          id,
          `acct_fanout_${i}`,
        ),
      );
      statements.push(...creditStatements(id, 1000)); // exactly the minimum: paid
    });
    for (const id of skipped) {
      statements.push(env.DB.prepare("INSERT INTO artists (id, payment_frequency) VALUES (?, 'daily')").bind(id));
      statements.push(...creditStatements(id, 5000)); // held: no account, so no job
    }
    await env.DB.batch(statements);
    const queue = new RecordingQueue();
    const jobEnv = { ...env, JOBS: queue } as unknown as Env;
    const enqueued: string[] = [];
    let page: Job | undefined = { type: "payouts.page", period: "2026-12-07", cursor: null };
    let pages = 0;
    let pagesAheadOfArtists = 0;
    while (page) {
      pages++;
      const result = await runPayoutPage(testContext({ env: jobEnv }), page);
      expect(result.artists).toBeLessThanOrEqual(PAYOUT_PAGE_SIZE);
      const sent = queue.pending.splice(0);
      // The next page is sent before the page's artists, never left alone at the end of the queue.
      const nextPageAt = sent.findIndex((job) => job.type === "payouts.page");
      if (nextPageAt >= 0 && sent.length > 1) {
        expect(nextPageAt).toBe(0);
        pagesAheadOfArtists++;
      }
      enqueued.push(...sent.flatMap((job) => (job.type === "payouts.artist" ? [job.artistId] : [])));
      page = sent.find((job) => job.type === "payouts.page");
    }
    const artistCount = (await env.DB.prepare("SELECT count(*) AS n FROM artists WHERE payment_frequency = 'daily'").first<{ n: number }>())!.n;
    expect(pages).toBe(Math.floor(artistCount / PAYOUT_PAGE_SIZE) + 1);
    expect(pagesAheadOfArtists).toBeGreaterThanOrEqual(2);
    expect(new Set(enqueued).size).toBe(enqueued.length);
    for (const id of payable) expect(enqueued).toContain(id);
    for (const id of skipped) expect(enqueued).not.toContain(id);
    expect(Math.max(...queue.batchSizes)).toBeLessThanOrEqual(100);
  }, 30_000);
});
