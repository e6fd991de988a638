/**
 * Faults: the Stripe sandbox answering 500 and 429, answering nothing after it recorded a
 * charge, webhooks lost and replayed; queue messages delivered twice, out of order, or poisoned;
 * D1 failing at a chosen point mid-job (the Worker stopped mid-request). After each: no double
 * charge, no charge left unrecorded, no half row, and the state is repaired by the next delivery,
 * the webhook, or a retry with the same idempotency key. Real local D1, R2 and the Stripe sandbox;
 * the queue is driven message by message through the Worker's own queue handler.
 */
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminFailedJobsResponse, RetryBatchResponse } from "@jplay/schema/admin";
import { artists, payouts } from "@jplay/schema/tables";
import worker from "../src/index";
import { createDb } from "../src/platform/db";
import type { Job } from "../src/platform/job";
import { DEAD_LETTER_QUEUE } from "../src/worker/record-dead-letters";
import { createStripe, SANDBOX_SECRET_KEY } from "../src/platform/stripe-client";
import { ACCOUNTS, accountBalance, ledgerTotal, postTransaction } from "../src/ledger/ledger";
import { signedInOperator, SITE_ORIGIN } from "./admin-support";
import { approveInReview, CapturingQueue, insertArtist, insertSong, paySong, songEvents, songRow } from "./song-fixtures";
import {
  asEndpointReceives,
  artistWithSong,
  chargesOf,
  complete,
  freshCardNumber,
  intentIdOf,
  letTimePass,
  nextRequestId,
  paymentIntentsOf,
  paymentsOf,
  songRow as paymentSongRow,
  webhooksUnreachable,
} from "./payment-support";
import { withFastClock } from "./fast-clock";
import { fundPlatformBalance } from "./platform-funds";
import { RATE_LIMIT_TRIES } from "../src/platform/stripe-rate-limit";
import { Browser, mp3Bytes, pngBytes, setUpArtist, stripeSignature, TEST_CARD, testContext } from "./support";

const stripe = createStripe(env);
const db = createDb(env.DB);
const testCtx = testContext();

// ---- Helpers --------------------------------------------------------------------------------------

async function sandbox(method: "POST" | "DELETE", path: string, fields: Record<string, string> = {}) {
  const response = await exports.default.fetch(
    new Request(`${SITE_ORIGIN}/api/stripe-sandbox${path}`, {
      method,
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? new URLSearchParams(fields).toString() : undefined,
    }),
  );
  expect(response.status, path).toBe(200);
  return response.json<Record<string, unknown>>();
}
/**
 * Stripe's delivery of every pending event, oldest first, to our endpoints running with `target` (a
 * Worker whose database fails, say): each event to the endpoint Stripe sends it to, signed with that
 * endpoint's secret. The events stay pending at Stripe, whatever our endpoints answered. Events on
 * connected accounts are those accounts' own, read with `Stripe-Account` (https://docs.stripe.com/connect/webhooks).
 */
async function deliverPendingTo(target: Env, connectedAccounts: string[] = []): Promise<{ delivered: number; failed: number }> {
  const lists = [
    await stripe.events.list({ delivery_success: false, limit: 100 }),
    ...(await Promise.all(connectedAccounts.map((account) => stripe.events.list({ delivery_success: false, limit: 100 }, { stripeAccount: account })))),
  ];
  // Each list is newest first; together, oldest first.
  const pending = lists.flatMap((list) => list.data.reverse()).sort((a, b) => a.created - b.created);
  const report = { delivered: 0, failed: 0 };
  for (const event of pending) {
    const [path, secret] = event.account
      ? ["/api/webhooks/stripe-connect", env.STRIPE_CONNECT_WEBHOOK_SECRET!]
      : ["/api/webhooks/stripe", env.STRIPE_WEBHOOK_SECRET!];
    const payload = JSON.stringify(await asEndpointReceives(event));
    const ctx = createExecutionContext();
    const request = new Request(`${SITE_ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(payload, secret) },
      body: payload,
    });
    const answer = await Promise.resolve(worker.fetch(request, target, ctx)).catch(() => new Response(null, { status: 500 }));
    await waitOnExecutionContext(ctx);
    if (answer.ok) report.delivered++;
    else report.failed++;
  }
  return report;
}

const armFault = (
  mode: "http_500" | "http_500_after_commit" | "http_500_before_key" | "http_429" | "timeout_after_commit",
  count: number,
  pathPrefix: string,
  method?: "POST",
) => sandbox("POST", "/v1/test_helpers/faults", { mode, count: String(count), path_prefix: pathPrefix, ...(method ? { method } : {}) });

// Payout transfers draw on Stripe's available balance: funded once, before anything else happens.
beforeAll(async () => {
  await fundPlatformBalance(1_000_000);
});

afterEach(async () => {
  vi.useRealTimers();
  await sandbox("DELETE", "/v1/test_helpers/faults");
  // Whatever failed, the books balance.
  expect(await ledgerTotal(testCtx)).toBe(0);
});

let messageSerial = 0;
const message = (body: unknown, attempts = 1) => ({ id: `fault-${++messageSerial}`, timestamp: new Date(), attempts, body: body as Job });

/** Runs the messages through the Worker's queue handler (in this order) and answers acks and retries. */
async function deliver(bodies: unknown[], jobEnv: Env = env, queue = "jplay-jobs") {
  const batch = createMessageBatch<Job>(
    queue,
    bodies.map((body) => message(body)),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, jobEnv, ctx);
  return getQueueResult(batch, ctx);
}

/**
 * The D1 binding, failing the first `times` statements whose SQL matches `pattern`: the Worker
 * stopped at that point of a request or job. Statements before it happened; the one that fails and
 * those after it did not.
 */
function d1FailingAt(pattern: RegExp, times = 1): D1Database {
  let failures = 0;
  let failed = false;
  const boom = () => {
    failed = ++failures >= times;
    return Promise.reject(new Error("D1_ERROR: the Worker stopped here (simulated)"));
  };
  /** Our wrapped statements, each with the real statement (what batch() needs) and its SQL. */
  const wrapped = new WeakMap<object, { target: D1PreparedStatement; sql: string }>();
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
        if (!failed && pattern.test(sql) && (property === "run" || property === "all" || property === "first" || property === "raw")) return boom;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    wrapped.set(proxy, { target: statement, sql });
    return proxy;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), sql);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const real = statements.map((statement) => wrapped.get(statement) ?? { target: statement, sql: "" });
          if (!failed && real.some(({ sql }) => pattern.test(sql))) return boom();
          return target.batch(real.map(({ target: statement }) => statement));
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function artistWithCard() {
  const { setup, saved } = await setUpArtist(new Browser(), { ...TEST_CARD, number: freshCardNumber() });
  expect(saved.status).toBe(200);
  const row = await env.DB.prepare(
    "SELECT a.id AS artistId, pm.id AS paymentMethodId FROM artists a JOIN payment_methods pm ON pm.artist_id = a.id WHERE a.stripe_customer_id = ?",
  )
    .bind(setup.customerId)
    .first<{ artistId: string; paymentMethodId: string }>();
  return { customerId: setup.customerId, ...row! };
}

/** An operator's retry of one unpaid song: the batch is recorded, its job is not delivered yet. */
async function retryOneSong() {
  const artist = await artistWithCard();
  // With its audio: once paid, the webhook queues the audio check on the local queue, whose consumer
  // may run it before the test looks; a song without audio would be rejected there.
  const songId = await insertSong({ artistId: artist.artistId });
  const operator = await signedInOperator();
  // The batch's job goes to a capturing queue, not the local one, whose consumer would race this test.
  const jobs = new CapturingQueue();
  const response = await answeredWithEnv(
    operator,
    "/api/admin/payments/retry",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify({ payments: [{ paymentMethodId: artist.paymentMethodId, artistId: artist.artistId, songId }] }),
    },
    { ...env, JOBS: jobs.asQueue() },
  );
  expect(jobs.take().map((m) => m.body)).toHaveLength(1);
  expect(response.status).toBe(200);
  const batch = await response.json<RetryBatchResponse>();
  const itemId = batch.items[0]!.id;
  const progress = async () => await (await operator.fetch(`/api/admin/payments/retry/${batch.batchId}`)).json<RetryBatchResponse>();
  return { artist, songId, itemId, job: { type: "admin.charge", itemId } satisfies Job, progress, operator };
}

const charges = async (customerId: string) => (await stripe.charges.list({ customer: customerId, limit: 100 })).data;
/** The idempotency key each of the customer's PaymentIntents was created with (its payment_intent.created event says). */
const intentKeysOf = async (customerId: string) => {
  const intents = new Set((await stripe.paymentIntents.list({ customer: customerId, limit: 100 })).data.map((intent) => intent.id));
  const created = (await stripe.events.list({ type: "payment_intent.created", limit: 100 })).data.filter((event) =>
    intents.has((event.data.object as { id: string }).id),
  );
  return created.map((event) => event.request?.idempotency_key);
};
const keyAttemptOf = async (paymentId: string) =>
  (await env.DB.prepare("SELECT stripe_key_attempt AS n FROM payments WHERE id = ?").bind(paymentId).first<{ n: number }>())?.n;
const paidAmounts = async (customerId: string) => (await charges(customerId)).filter((c) => c.paid).map((c) => c.amount);
const paymentStatus = async (id: string) => (await env.DB.prepare("SELECT status FROM payments WHERE id = ?").bind(id).first<{ status: string }>())?.status;

/** The admin retry is settled once: one $10.49 charge, the payment and item succeeded, the song paid. */
async function expectChargedOnce(retry: Awaited<ReturnType<typeof retryOneSong>>) {
  expect(await paidAmounts(retry.artist.customerId)).toEqual([1049]);
  expect(await paymentStatus(retry.itemId)).toBe("succeeded");
  expect((await retry.progress()).summary).toEqual({ succeeded: 1, failed: 0 });
  expect((await songRow(retry.songId))?.status).toBe("approved");
  expect((await songEvents(retry.songId)).filter((e) => e.to_status === "approved")).toHaveLength(1);
  const attempts = await env.DB.prepare("SELECT count(*) AS n FROM card_attempts WHERE payment_id = ?").bind(retry.itemId).first<{ n: number }>();
  expect(attempts?.n).toBe(1);
}

// ---- Stripe faults: the admin retry job -----------------------------------------------------------

describe("Stripe faults during the admin retry job (admin.charge)", () => {
  // What the job itself records: Stripe's webhooks, which would record the charge too, wait.
  beforeEach(webhooksUnreachable);

  it("429 (the SDK does not retry it): the job is retried by the queue, the item stays pending, then it charges once", async () => {
    const retry = await retryOneSong();
    await armFault("http_429", 1, "/v1/payment_intents");
    const limited = await deliver([retry.job]);
    expect(limited.retryMessages).toHaveLength(1);
    expect((await retry.progress()).pending).toBe(1);
    expect(await paymentStatus(retry.itemId)).toBe("processing");
    expect(await paidAmounts(retry.artist.customerId)).toEqual([]);

    const again = await deliver([retry.job, retry.job]);
    expect(again.retryMessages).toEqual([]);
    await expectChargedOnce(retry);
  });

  it("a 500 before the request reached Stripe (not stored): the SDK's retry with the same idempotency key charges once within the same delivery", async () => {
    const retry = await retryOneSong();
    await armFault("http_500_before_key", 1, "/v1/payment_intents");
    expect((await deliver([retry.job])).retryMessages).toEqual([]);
    await expectChargedOnce(retry);
    expect(await intentKeysOf(retry.artist.customerId)).toEqual([`payment:${retry.itemId}`]);
  });

  it("a 500 Stripe stored under the key is sent once (a resend would only replay it); the next delivery finds no charge and pays with the payment's next key, once", async () => {
    const retry = await retryOneSong();
    // https://docs.stripe.com/api/idempotent_requests: the 500 is the key's answer for 24 hours, and
    // says Stripe-Should-Retry: false, so the SDK's maxNetworkRetries does not resend it.
    await armFault("http_500", 2, "/v1/payment_intents");
    expect((await deliver([retry.job])).retryMessages).toHaveLength(1);
    // One of the two armed 500s is left: the delivery sent the charge once.
    expect(await sandbox("DELETE", "/v1/test_helpers/faults")).toMatchObject({ deleted: 1 });
    expect(await paymentStatus(retry.itemId)).toBe("processing");
    expect(await paidAmounts(retry.artist.customerId)).toEqual([]);
    expect(await keyAttemptOf(retry.itemId)).toBe(1);

    expect((await deliver([retry.job, retry.job])).retryMessages).toEqual([]);
    await expectChargedOnce(retry);
    expect(await intentKeysOf(retry.artist.customerId)).toEqual([`payment:${retry.itemId}:attempt:1`]);
  });

  it("a 500 after Stripe charged (stored under the key): the next delivery finds the charge by the payment's id in its metadata and records it, never charges again", async () => {
    const retry = await retryOneSong();
    await armFault("http_500_after_commit", 1, "/v1/payment_intents");
    expect((await deliver([retry.job])).retryMessages).toHaveLength(1);
    expect(await paidAmounts(retry.artist.customerId)).toEqual([1049]); // Stripe has it …
    expect(await paymentStatus(retry.itemId)).toBe("processing"); // … its key only says 500.

    expect((await deliver([retry.job, retry.job])).retryMessages).toEqual([]);
    await expectChargedOnce(retry);
    expect(await intentKeysOf(retry.artist.customerId)).toEqual([`payment:${retry.itemId}`]);
  });

  it("a timeout after Stripe recorded the charge: the SDK's retry gets the stored answer, one charge", async () => {
    const retry = await retryOneSong();
    await armFault("timeout_after_commit", 1, "/v1/payment_intents");
    const result = await withFastClock(() => deliver([retry.job]));
    expect(result.retryMessages).toEqual([]);
    await expectChargedOnce(retry);
  });

  it("every answer lost after the charge was recorded: the charge waits unrecorded, the next delivery records it, never charges twice", async () => {
    const retry = await retryOneSong();
    // The first request and both SDK retries time out: the job gives up with the charge made at Stripe.
    await armFault("timeout_after_commit", 3, "/v1/payment_intents");
    const lost = await withFastClock(() => deliver([retry.job]));
    expect(lost.retryMessages).toHaveLength(1);
    expect(await paidAmounts(retry.artist.customerId)).toEqual([1049]); // Stripe has it …
    expect(await paymentStatus(retry.itemId)).toBe("processing"); // … we do not know yet, and say so.
    expect((await retry.progress()).pending).toBe(1);

    const redelivered = await deliver([retry.job, retry.job]);
    expect(redelivered.retryMessages).toEqual([]);
    await expectChargedOnce(retry);
  });

  it("the Worker stopped after Stripe charged but before the payment was recorded: the retry records it, one charge", async () => {
    const retry = await retryOneSong();
    const crashing = { ...env, DB: d1FailingAt(/update "payments" set "stripe_payment_intent_id"/) } as Env;
    expect((await deliver([retry.job], crashing)).retryMessages).toHaveLength(1);
    expect(await paidAmounts(retry.artist.customerId)).toEqual([1049]);
    expect(await paymentStatus(retry.itemId)).toBe("processing");
    expect((await songRow(retry.songId))?.status).toBe("pending");

    expect((await deliver([retry.job])).retryMessages).toEqual([]);
    await expectChargedOnce(retry);
  });
});

// ---- Stripe faults: the payout job ----------------------------------------------------------------

async function payableArtist(cents: number) {
  const account = await stripe.accounts.create({
    type: "custom",
    country: "US",
    business_type: "individual",
    individual: { id_number: "000000000" },
    capabilities: { transfers: { requested: true } },
    external_account: "tok_visa_debit",
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" },
  });
  const id = crypto.randomUUID();
  await db.insert(artists).values({ id, paymentFrequency: "daily", stripeAccountId: account.id, payoutsEnabled: true });
  await postTransaction(testCtx, "purchase", crypto.randomUUID(), [
    { account: ACCOUNTS.providerReceivable, amountCents: -cents },
    { account: ACCOUNTS.artistAvailable(id), artistId: id, amountCents: cents },
  ]);
  return { id, accountId: account.id };
}
const transfersTo = async (accountId: string) => (await stripe.transfers.list({ destination: accountId, limit: 100 })).data;
const payoutsOf = (artistId: string) => db.select().from(payouts).where(eq(payouts.artistId, artistId));

describe("Stripe faults during the payout job (payouts.artist)", () => {
  it("429 on every try of the job's backoff keeps the money pending; the queue's retry pays once", async () => {
    const artist = await payableArtist(4440);
    const job = { type: "payouts.artist", artistId: artist.id, period: "2027-01-04" } satisfies Job;
    // A single 429 is waited out within the job (payouts.test.ts); this one outlasts every try.
    await armFault("http_429", RATE_LIMIT_TRIES, "/v1/transfers");
    expect((await deliver([job])).retryMessages).toHaveLength(1);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "pending", amountCents: 4440 }]);
    expect(await accountBalance(testCtx, ACCOUNTS.artistPayoutPending(artist.id))).toBe(4440);
    expect(await transfersTo(artist.accountId)).toEqual([]);

    expect((await deliver([job, job])).retryMessages).toEqual([]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([4440]);
    expect(await accountBalance(testCtx, ACCOUNTS.artistPayoutPending(artist.id))).toBe(0);
  });

  it("every answer lost after Stripe made the transfer: the next delivery finds it, no second transfer", async () => {
    const artist = await payableArtist(5550);
    const job = { type: "payouts.artist", artistId: artist.id, period: "2027-01-05" } satisfies Job;
    await armFault("timeout_after_commit", 3, "/v1/transfers");
    expect((await withFastClock(() => deliver([job]))).retryMessages).toHaveLength(1);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([5550]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "pending" }]);

    expect((await deliver([job])).retryMessages).toEqual([]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([5550]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid", stripeTransferId: (await transfersTo(artist.accountId))[0]!.id }]);
  });

  it("a 500 after Stripe made the transfer (stored under the key): the next delivery finds it by its transfer group, no second transfer", async () => {
    const artist = await payableArtist(7770);
    const job = { type: "payouts.artist", artistId: artist.id, period: "2027-01-08" } satisfies Job;
    await armFault("http_500_after_commit", 1, "/v1/transfers");
    expect((await deliver([job])).retryMessages).toHaveLength(1);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([7770]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "pending", stripeKeyAttempt: 1 }]);

    expect((await deliver([job, job])).retryMessages).toEqual([]);
    const [transfer] = await transfersTo(artist.accountId);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([7770]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid", stripeTransferId: transfer!.id }]);
    expect(await accountBalance(testCtx, ACCOUNTS.artistPayoutPending(artist.id))).toBe(0);
  });

  it("the Worker stopped after the transfer but before the payout was marked paid: repaired with the same transfer", async () => {
    const artist = await payableArtist(6660);
    const job = { type: "payouts.artist", artistId: artist.id, period: "2027-01-06" } satisfies Job;
    const crashing = { ...env, DB: d1FailingAt(/update "?payouts"? set "?status"?/) } as Env;
    expect((await deliver([job], crashing)).retryMessages).toHaveLength(1);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([6660]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "pending" }]);

    expect((await deliver([job])).retryMessages).toEqual([]);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([6660]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid" }]);
  });
});

// ---- Webhooks lost and replayed ---------------------------------------------------------------------

describe("webhooks lost and later replayed", () => {
  it("an account.updated the product failed to take stays pending at Stripe, is replayed later and applied once; old news never undoes newer", async () => {
    // The artist's connected account is created and becomes payable while our webhook endpoint fails.
    await webhooksUnreachable();
    const artistId = await insertArtist();
    const account = await stripe.accounts.create({
      type: "custom",
      country: "US",
      business_type: "individual",
      individual: { id_number: "000000000" },
      capabilities: { transfers: { requested: true } },
    });
    await db.update(artists).set({ stripeAccountId: account.id, payoutsEnabled: false }).where(eq(artists.id, artistId));
    // Two steps, two account.updated events: a debit card first (not payable yet), then the terms.
    await stripe.accounts.update(account.id, { external_account: "tok_visa_debit" });
    await stripe.accounts.update(account.id, { tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" } });
    const enabled = await stripe.accounts.retrieve(account.id);

    // Our endpoint fails at its first statement: nothing applied, nothing recorded.
    const failingEnv = { ...env, DB: d1FailingAt(/"stripe_events"/, Infinity) } as Env;
    expect((await deliverPendingTo(failingEnv, [account.id])).failed).toBeGreaterThan(0);
    const artistRow = async () => (await db.select().from(artists).where(eq(artists.id, artistId)))[0]!;
    expect((await artistRow()).payoutsEnabled).toBe(false);

    // Stripe retries later: everything still pending arrives, oldest first, and the last word wins.
    const replayed = (await sandbox("POST", "/v1/test_helpers/deliver_events")) as { delivered: number; failed: number };
    expect(replayed.failed).toBe(0);
    expect((await artistRow()).payoutsEnabled).toBe(enabled.payouts_enabled);
    expect(enabled.payouts_enabled).toBe(true);
    // Nothing is left to deliver, and delivering again changes nothing.
    expect(await sandbox("POST", "/v1/test_helpers/deliver_events")).toMatchObject({ delivered: 0, failed: 0 });
    expect((await artistRow()).payoutsEnabled).toBe(true);

    // Stripe does not promise order: the oldest account.updated (not payable yet) arriving again
    // after the newest, as a replay would, must not switch payouts off.
    const updates = (await stripe.events.list({ type: "account.updated", limit: 100 }, { stripeAccount: account.id })).data;
    const stale = updates.find((event) => !(event.data.object as { payouts_enabled: boolean }).payouts_enabled);
    expect(stale, "an account.updated from before the account was payable").toBeTruthy();
    const replay = { ...(await asEndpointReceives(stale!)), id: `${stale!.id}_replayed` };
    const payload = JSON.stringify(replay);
    const late = await exports.default.fetch(
      new Request(`${SITE_ORIGIN}/api/webhooks/stripe-connect`, {
        method: "POST",
        headers: { "Stripe-Signature": await stripeSignature(payload, env.STRIPE_CONNECT_WEBHOOK_SECRET!) },
        body: payload,
      }),
    );
    expect(late.status).toBe(200);
    expect((await artistRow()).payoutsEnabled).toBe(true);
  });
});

// ---- Queue faults ------------------------------------------------------------------------------------

describe("every job type delivered twice and out of order acts once", () => {
  it("distribution.deliver before distribution.process, both twice: scheduled once, delivered once", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId });
    const queued = await paySong(songId, artistId, "expedited");
    expect(queued.map((m) => m.body)).toEqual([{ type: "distribution.process", songId }]);
    const jobs = new CapturingQueue();
    const jobEnv = { ...env, JOBS: jobs.asQueue() } as Env;

    // The delivery message overtakes the audio check: nothing to deliver yet.
    expect(
      (
        await deliver(
          [
            { type: "distribution.deliver", songId },
            { type: "distribution.deliver", songId },
          ],
          jobEnv,
        )
      ).retryMessages,
    ).toEqual([]);
    expect((await songRow(songId))?.status).toBe("approved");
    expect((await songRow(songId))?.deliver_at).toBeNull();

    expect(
      (
        await deliver(
          [
            { type: "distribution.process", songId },
            { type: "distribution.process", songId },
          ],
          jobEnv,
        )
      ).retryMessages,
    ).toEqual([]);
    const scheduled = await songRow(songId);
    expect(scheduled?.deliver_at).not.toBeNull();
    expect(scheduled?.duration_ms).toBeGreaterThan(0);
    await approveInReview(songId, jobs);
    // Its delivery time has come (as if the delay passed); both delivery messages arrive, twice.
    await env.DB.prepare("UPDATE songs SET deliver_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, songId)
      .run();
    const deliveries = jobs.take().map((m) => m.body);
    expect(deliveries.every((body) => body.type === "distribution.deliver")).toBe(true);
    expect((await deliver([...deliveries, ...deliveries], jobEnv)).retryMessages).toEqual([]);

    expect((await songRow(songId))?.status).toBe("distributed");
    // Paid, scheduled (approved → approved with the audio facts), approved in review, delivered: each once.
    expect((await songEvents(songId)).map((e) => [e.from_status, e.to_status])).toEqual([
      ["pending", "approved"],
      ["approved", "approved"],
      ["approved", "approved"],
      ["approved", "distributed"],
    ]);
  });

  it("admin.charge, payouts.page, payouts.artist and media.delete, each twice and shuffled: one charge, one transfer, objects gone", async () => {
    const retry = await retryOneSong();
    const artist = await payableArtist(3210);
    await env.MEDIA.put("orphans/fault/a.mp3", "a");
    const period = "2027-01-07";
    const jobs = new CapturingQueue();
    const jobEnv = { ...env, JOBS: jobs.asQueue() } as Env;
    // The page job fans out a payouts.artist job that arrives after the artist's own copies.
    const bodies: Job[] = [
      { type: "payouts.page", period, cursor: null },
      retry.job,
      { type: "media.delete", keys: ["orphans/fault/a.mp3"] },
      { type: "payouts.artist", artistId: artist.id, period },
    ];
    expect((await deliver([...bodies, ...[...bodies].reverse()], jobEnv)).retryMessages).toEqual([]);
    const fanned = jobs.take().map((m) => m.body);
    expect(fanned).toContainEqual({ type: "payouts.artist", artistId: artist.id, period });
    const ours = fanned.filter((body) => body.type === "payouts.artist" && body.artistId === artist.id);
    expect((await deliver([...ours, ...ours], jobEnv)).retryMessages).toEqual([]);

    await expectChargedOnce(retry);
    expect((await transfersTo(artist.accountId)).map((t) => t.amount)).toEqual([3210]);
    expect(await payoutsOf(artist.id)).toMatchObject([{ status: "paid", amountCents: 3210 }]);
    expect(await env.MEDIA.head("orphans/fault/a.mp3")).toBeNull();
  });
});

describe("a poison message", () => {
  it("is retried, then dead-lettered: recorded once in failed_jobs and shown to the operator", async () => {
    const missingSong = crypto.randomUUID();
    const poison = { type: "distribution.process", songId: missingSong };
    const first = await deliver([poison]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.explicitAcks).toEqual([]);

    // After its retries the queue moves it to the dead-letter queue, which may deliver it twice.
    const deadLetter = createMessageBatch<Job>(DEAD_LETTER_QUEUE, [
      { id: "poison-1", timestamp: new Date(), attempts: 1, body: poison as Job },
      { id: "poison-1", timestamp: new Date(), attempts: 2, body: poison as Job },
      { id: "garbage-1", timestamp: new Date(), attempts: 1, body: { nonsense: true } as unknown as Job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(deadLetter, env, ctx);
    const result = await getQueueResult(deadLetter, ctx);
    expect(result.retryMessages).toEqual([]);

    const rows = await env.DB.prepare("SELECT id, job_type, song_id, error FROM failed_jobs WHERE id IN ('poison-1', 'garbage-1') ORDER BY id").all();
    expect(rows.results).toEqual([
      { id: "garbage-1", job_type: "unknown", song_id: null, error: expect.stringContaining("Unknown job type") },
      { id: "poison-1", job_type: "distribution.process", song_id: missingSong, error: `distribution.process: no song ${missingSong}` },
    ]);

    const operator = await signedInOperator();
    const response = await operator.fetch("/api/admin/failed-jobs");
    expect(response.status).toBe(200);
    const { failedJobs } = await response.json<AdminFailedJobsResponse>();
    const shown = failedJobs.find((job) => job.id === "poison-1");
    expect(shown).toMatchObject({ jobType: "distribution.process", error: `distribution.process: no song ${missingSong}` });
  });
});

// ---- Stripe faults and crashes during complete -----------------------------------------------------

describe("Stripe faults and a stopped Worker during POST /api/distribute/{songId}/complete", () => {
  it("every answer lost after Stripe charged: 503 to the artist, the webhook records the charge, the same requestId then charges nothing more", async () => {
    const artist = await artistWithSong();
    const requestId = nextRequestId();
    await armFault("timeout_after_commit", 3, "/v1/payment_intents");
    // Called in the test's own context (not through exports), so the simulated clock reaches its timers.
    const lost = await withFastClock(() =>
      artistFetchWithEnv(artist.browser, `/api/distribute/${artist.songId}/complete`, { feeOption: "expedited", requestId }, env),
    );
    expect(lost.status).toBe(503);
    expect((await lost.json<{ error: { message: string } }>()).error.message).toMatch(/try again/i);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);

    // The payment_intent.succeeded webhook (pending until now) settles it.
    expect(await songPaidBy(artist.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999 });
    await letTimePass(artist.songId, 31_000);
    const again = await complete(artist.browser, artist.songId, "expedited", requestId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ alreadyProcessed: true, feeOption: "expedited" });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
    // Paid once (the local queue may since have run its audio check: approved → approved).
    const paidEvents = await env.DB.prepare("SELECT count(*) AS n FROM song_events WHERE song_id = ? AND from_status = 'pending' AND to_status = 'approved'")
      .bind(artist.songId)
      .first<{ n: number }>();
    expect(paidEvents?.n).toBe(1);
  });

  it("a 500 after Stripe charged, its webhook lost too: 503, then the same requestId finds the charge and answers success — one charge", async () => {
    const artist = await artistWithSong();
    await webhooksUnreachable();
    const requestId = nextRequestId();
    await armFault("http_500_after_commit", 1, "/v1/payment_intents");
    const failed = await complete(artist.browser, artist.songId, "expedited", requestId);
    expect(failed.status).toBe(503);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["processing"]);

    await letTimePass(artist.songId, 31_000);
    const resumed = await complete(artist.browser, artist.songId, "expedited", requestId);
    expect(await resumed.json()).toEqual({ success: true, feeOption: "expedited" });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
    expect(await paymentSongRow(artist.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999 });
  });

  it("429 from Stripe: 503 with a message, nothing charged, and the retry after 30 s charges once", async () => {
    const artist = await artistWithSong();
    const requestId = nextRequestId();
    await armFault("http_429", 1, "/v1/payment_intents");
    const limited = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(limited.status).toBe(503);
    expect(await chargesOf(artist.customerId)).toEqual([]);
    await letTimePass(artist.songId, 31_000);
    const resumed = await complete(artist.browser, artist.songId, "standard", requestId);
    expect(resumed.status).toBe(200);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([9900]);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["succeeded"]);
  });

  it("the Worker stopped after Stripe charged, before the song was paid: no answer, no lost payment — the webhook pays the song once", async () => {
    const artist = await artistWithSong();
    const crashing = { ...env, DB: d1FailingAt(/update payments set status = 'succeeded'/) } as Env;
    const died = await artistFetchWithEnv(
      artist.browser,
      `/api/distribute/${artist.songId}/complete`,
      { feeOption: "standard", requestId: nextRequestId() },
      crashing,
    );
    expect(died.status).toBeGreaterThanOrEqual(500);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([9900]);
    expect(await songPaidBy(artist.songId)).toMatchObject({ status: "approved", package: "standard" });
    const paidEvents = await env.DB.prepare("SELECT count(*) AS n FROM song_events WHERE song_id = ? AND from_status = 'pending' AND to_status = 'approved'")
      .bind(artist.songId)
      .first<{ n: number }>();
    expect(paidEvents?.n).toBe(1);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["succeeded"]);
  });

  it("the Worker stopped after the webhook paid the song, before the event was recorded: the redelivery changes nothing more", async () => {
    const artist = await artistWithSong();
    await webhooksUnreachable();
    // The Worker stops after Stripe charged; the webhook sent meanwhile finds our endpoint down too.
    const crashing = { ...env, DB: d1FailingAt(/update payments set status = 'succeeded'|"stripe_events"/, Infinity) } as Env;
    const died = await artistFetchWithEnv(
      artist.browser,
      `/api/distribute/${artist.songId}/complete`,
      { feeOption: "standard", requestId: nextRequestId() },
      crashing,
    );
    expect(died.status).toBeGreaterThanOrEqual(500);
    expect(await paymentSongRow(artist.songId)).toMatchObject({ status: "pending" });

    // The webhook applies the payment, then the Worker stops before recording the event.
    const unrecorded = { ...env, DB: d1FailingAt(/insert into "stripe_events"/, Infinity) } as Env;
    expect((await deliverPendingTo(unrecorded)).failed).toBeGreaterThan(0);
    expect(await paymentSongRow(artist.songId)).toMatchObject({ status: "approved", package: "standard" });

    // Stripe delivers it again: acknowledged and recorded, and the song was paid once.
    expect(await sandbox("POST", "/v1/test_helpers/deliver_events")).toMatchObject({ failed: 0 });
    expect(await sandbox("POST", "/v1/test_helpers/deliver_events")).toMatchObject({ delivered: 0, failed: 0 });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([9900]);
    const paidEvents = await env.DB.prepare("SELECT count(*) AS n FROM song_events WHERE song_id = ? AND from_status = 'pending' AND to_status = 'approved'")
      .bind(artist.songId)
      .first<{ n: number }>();
    expect(paidEvents?.n).toBe(1);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["succeeded"]);
  });
});

describe("a 500 Stripe stored under the key, on the card-form and subscription paths", () => {
  const checkout = (browser: Browser) =>
    browser.fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const subscribe = (browser: Browser) => browser.fetch("/api/get-or-create-subscription", { method: "POST" });

  it("checkout: after a stored 500 the next call looks first, then makes one intent with the payment's next key", async () => {
    const artist = await artistWithSong();
    await armFault("http_500", 1, "/v1/payment_intents");
    expect((await checkout(artist.browser)).status).toBe(503);
    expect(await paymentIntentsOf(artist.customerId)).toEqual([]);

    const again = await checkout(artist.browser);
    expect(again.status).toBe(200);
    const { clientSecret } = await again.json<{ clientSecret: string }>();
    const [payment] = await paymentsOf(artist.songId);
    expect(await intentKeysOf(artist.customerId)).toEqual([`payment:${payment!.id}:card-form:attempt:1`]);
    expect((await paymentIntentsOf(artist.customerId)).map((i) => [i.id, i.amount])).toEqual([[intentIdOf(clientSecret), 9900]]);
  });

  it("checkout: a 500 after Stripe made the intent; the next call finds that intent and answers it, never a second", async () => {
    const artist = await artistWithSong();
    await armFault("http_500_after_commit", 1, "/v1/payment_intents");
    expect((await checkout(artist.browser)).status).toBe(503);
    const [made] = await paymentIntentsOf(artist.customerId);
    expect(made).toMatchObject({ amount: 9900, status: "requires_payment_method" });

    const again = await checkout(artist.browser);
    expect(again.status).toBe(200);
    expect(intentIdOf((await again.json<{ clientSecret: string }>()).clientSecret)).toBe(made!.id);
    expect(await paymentIntentsOf(artist.customerId)).toHaveLength(1);
  });

  it("Pro: a 500 after Stripe made the subscription; the next call takes it up instead of making a second", async () => {
    const artist = await artistWithSong();
    await armFault("http_500_after_commit", 1, "/v1/subscriptions", "POST");
    expect((await subscribe(artist.browser)).status).toBe(503);
    const made = (await stripe.subscriptions.list({ customer: artist.customerId, status: "all" })).data;
    expect(made).toHaveLength(1);

    const again = await subscribe(artist.browser);
    expect(again.status).toBe(200);
    expect((await stripe.subscriptions.list({ customer: artist.customerId, status: "all" })).data.map((s) => s.id)).toEqual([made[0]!.id]);
    expect(await env.DB.prepare("SELECT stripe_subscription_id AS id FROM subscriptions WHERE artist_id = ?").bind(artist.artistId).first()).toEqual({
      id: made[0]!.id,
    });
  });

  it("Pro: after a stored 500 with nothing made, the next call subscribes once with a new key", async () => {
    const artist = await artistWithSong();
    await armFault("http_500", 1, "/v1/subscriptions", "POST");
    expect((await subscribe(artist.browser)).status).toBe(503);
    expect((await stripe.subscriptions.list({ customer: artist.customerId, status: "all" })).data).toEqual([]);

    const again = await subscribe(artist.browser);
    expect(again.status).toBe(200);
    expect((await stripe.subscriptions.list({ customer: artist.customerId, status: "all" })).data).toHaveLength(1);
  });
});

/** Delivers pending webhooks until the song is paid. */
async function songPaidBy(songId: string) {
  for (let i = 0; i < 20; i++) {
    await sandbox("POST", "/v1/test_helpers/deliver_events");
    const song = await paymentSongRow(songId);
    if (song?.status === "approved") return song;
  }
  return paymentSongRow(songId);
}

/** The browser's JSON request (with its cookies), answered by the Worker with another env (e.g. a failing D1). */
const artistFetchWithEnv = (browser: Browser, path: string, body: unknown, jobEnv: Env) =>
  answeredWithEnv(browser, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, jobEnv);

// ---- A stopped Worker during an upload --------------------------------------------------------------

/** R2 failing at a chosen point: `put` of keys matching `failPut`, and optionally every `delete`. */
function mediaFailing(failPut: RegExp, failDelete = false): R2Bucket {
  return new Proxy(env.MEDIA, {
    get(target, property) {
      if (property === "put") {
        return (key: string, ...rest: unknown[]) =>
          failPut.test(key) ? Promise.reject(new Error("R2 stopped here (simulated)")) : (target.put as (...a: unknown[]) => Promise<unknown>)(key, ...rest);
      }
      if (property === "delete" && failDelete) return () => Promise.reject(new Error("R2 delete is failing (simulated)"));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("a stopped Worker during an upload leaves no orphan object and no half row", () => {
  const uploadThrough = async (uploadEnv: Env) => {
    const browser = new Browser();
    const { setup, saved } = await setUpArtist(browser, { ...TEST_CARD, number: freshCardNumber() });
    expect(saved.status).toBe(200);
    const form = new FormData();
    form.set("artistName", "Crash Artist");
    form.set("songTitle", `Crash ${crypto.randomUUID()}`);
    form.set("explicit", "no");
    form.set("price", "1.99");
    form.set("songFile", new Blob([mp3Bytes(4096)]), "song.mp3");
    form.set("coverImage", new Blob([pngBytes()]), "cover.png");
    form.set("customerId", setup.customerId);
    const before = { songs: await countRows("songs"), media: (await env.MEDIA.list({ prefix: "songs/" })).objects.length };
    const response = await artistFetchWithEnvForm(browser, "/api/distribute", form, uploadEnv);
    return { response, before };
  };

  it("R2 fails storing the cover: the audio already stored is deleted, no song row, a 5xx the artist can retry", async () => {
    const { response, before } = await uploadThrough({ ...env, MEDIA: mediaFailing(/cover\.png$/) });
    expect(response.status).toBe(500);
    expect(await countRows("songs")).toBe(before.songs);
    expect((await env.MEDIA.list({ prefix: "songs/" })).objects.length).toBe(before.media);
  });

  it("D1 fails creating the song after both files were stored: both are deleted; with R2 failing too, a media.delete job removes them", async () => {
    const failed = await uploadThrough({ ...env, DB: d1FailingAt(/insert into "songs"/) });
    expect(failed.response.status).toBe(500);
    expect(await countRows("songs")).toBe(failed.before.songs);
    expect((await env.MEDIA.list({ prefix: "songs/" })).objects.length).toBe(failed.before.media);

    const jobs = new CapturingQueue();
    const worse = await uploadThrough({ ...env, DB: d1FailingAt(/insert into "songs"/), MEDIA: mediaFailing(/^$/, true), JOBS: jobs.asQueue() });
    expect(worse.response.status).toBe(500);
    expect(await countRows("songs")).toBe(worse.before.songs);
    const [cleanUp] = jobs.take().map((m) => m.body);
    expect(cleanUp).toMatchObject({ type: "media.delete" });
    const keys = (cleanUp as Extract<Job, { type: "media.delete" }>).keys;
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await env.MEDIA.head(key)).not.toBeNull(); // orphans, for now …
    expect((await deliver([cleanUp, cleanUp])).retryMessages).toEqual([]);
    for (const key of keys) expect(await env.MEDIA.head(key)).toBeNull(); // … removed by the job, once or twice.
  });
});

const countRows = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** A multipart request from the browser (with its cookies), answered by the Worker with another env. */
const artistFetchWithEnvForm = (browser: Browser, path: string, form: FormData, jobEnv: Env) =>
  answeredWithEnv(browser, path, { method: "POST", body: form }, jobEnv);

/**
 * The browser builds the request (cookies, headers) as usual; the Worker answers it here, in the
 * test's own context, with `jobEnv`. (In this context the simulated clock also reaches its timers.)
 */
async function answeredWithEnv(browser: Browser, path: string, init: RequestInit, jobEnv: Env): Promise<Response> {
  let captured: Request | undefined;
  const original = exports.default.fetch;
  (exports.default as { fetch: (r: Request) => Promise<Response> }).fetch = async (request: Request) => {
    captured = request;
    return new Response(null, { status: 204 });
  };
  try {
    await browser.fetch(path, init);
  } finally {
    (exports.default as { fetch: typeof original }).fetch = original;
  }
  const ctx = createExecutionContext();
  const response = await worker.fetch(captured!, jobEnv, ctx);
  // Its background work (the sandbox's webhook deliveries) ends before the test goes on.
  await waitOnExecutionContext(ctx);
  return response;
}
