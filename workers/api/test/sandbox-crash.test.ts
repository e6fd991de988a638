/**
 * The Stripe sandbox when the Worker stops mid-request: the idempotent answer is stored with the
 * work, so a process stopped right after the commit is replayed, never charged again; and with the
 * `hold_after_commit` fault a charge's answer never reaches the product and its webhook delivery
 * dies with the Worker (left pending), until the 15-minute cron delivers it, as Stripe retries, and
 * the payment is settled once.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import worker from "../src/index";
import { DELIVERY_CRON } from "../src/jobs/run-scheduled";
import { ABANDONED_CLAIM_MS, claimIdempotencyKey } from "../src/payments/sandbox/idempotency";
import { sandboxFetch } from "../src/payments/sandbox/sandbox-fetch";
import { RETRY_WINDOW_SECONDS, retryPendingEvents } from "../src/payments/sandbox/webhooks";
import { SANDBOX_SECRET_KEY, createStripe } from "../src/payments/stripe-client";
import { approvalEvents, artistWithSong, chargesOf, paymentsOf, songRow } from "./payment-support";
import { CapturingQueue } from "./song-fixtures";

const stripe = createStripe(env);

async function armFault(mode: string, pathPrefix: string) {
  const response = await exports.default.fetch(
    new Request("http://jplay.test/api/stripe-sandbox/v1/test_helpers/faults", {
      method: "POST",
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode, path_prefix: pathPrefix }).toString(),
    }),
  );
  expect(response.status).toBe(200);
}

const pendingEventsOf = async (intentId: string) =>
  (await stripe.events.list({ type: "payment_intent.succeeded", limit: 100 })).data.filter((event) => (event.data.object as { id: string }).id === intentId);

const runCron = () =>
  worker.scheduled(createScheduledController({ cron: DELIVERY_CRON, scheduledTime: Date.now() }), { ...env, JOBS: new CapturingQueue().asQueue() } as Env, createExecutionContext());

/**
 * The D1 binding of a Worker that stops right after the sandbox committed a request: the separate
 * write of the idempotent answer that used to follow the commit fails, everything before it happened.
 */
function d1StoppingAfterCommit(): D1Database {
  const realStatements = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (property === "run" && query.startsWith("UPDATE sandbox_idempotency SET status")) return () => Promise.reject(new Error("the Worker stopped here (simulated)"));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    realStatements.set(proxy, statement);
    return proxy;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (property === "batch") return (statements: D1PreparedStatement[]) => target.batch(statements.map((s) => realStatements.get(s) ?? s));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the sandbox's idempotent answer and its work land together", () => {
  it("a Worker stopped right after the commit leaves a key that replays the same intent, not one that runs again", async () => {
    const customer = await stripe.customers.create();
    const stopping = { ...env, DB: d1StoppingAfterCommit() } as Env;
    const dying = new Stripe(SANDBOX_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(sandboxFetch(stopping)), maxNetworkRetries: 0 });
    const params: Stripe.PaymentIntentCreateParams = { amount: 1234, currency: "usd", customer: customer.id };
    const key = `crash-${crypto.randomUUID()}`;
    await expect(dying.paymentIntents.create(params, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);

    const [made] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(made).toBeDefined();
    const retried = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(retried.id).toBe(made!.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("a claim left by a Worker stopped before its commit blocks the key only briefly, then the retry runs", async () => {
    const key = `stopped-${crypto.randomUUID()}`;
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "claimed" });
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "in_progress" });
    await env.DB.prepare("UPDATE sandbox_idempotency SET created_at = created_at - ? WHERE key = ?").bind(ABANDONED_CLAIM_MS + 1, key).run();
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "claimed" });
  });
});

describe("a charge whose answer and webhook were lost with the Worker", () => {
  it("hold_after_commit records the charge and keeps its webhook pending; the cron's retry pays the song once", async () => {
    const artist = await artistWithSong();
    // The product's claimed payment row, as `complete` leaves it just before calling Stripe.
    const paymentId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', 'expedited', 4999, 'processing')",
    )
      .bind(paymentId, artist.artistId, artist.songId)
      .run();

    await armFault("hold_after_commit", "/v1/payment_intents");
    // A caller with a context that could carry the webhook (as a real request has), which gives up after 300 ms.
    const ctx = createExecutionContext();
    const impatient = new Stripe(SANDBOX_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(sandboxFetch(env, ctx)), maxNetworkRetries: 0, timeout: 300 });
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4999,
      currency: "usd",
      customer: artist.customerId,
      payment_method: artist.stripePaymentMethodId,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      confirm: true,
      metadata: { paymentId, songId: artist.songId },
    };
    await expect(impatient.paymentIntents.create(params, { idempotencyKey: `payment:${paymentId}` })).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    await waitOnExecutionContext(ctx);

    // Stripe has the charge; the product does not know; the webhook is still pending.
    const [charge] = await chargesOf(artist.customerId);
    expect(charge).toMatchObject({ amount: 4999, paid: true });
    const intentId = charge!.payment_intent as string;
    expect((await pendingEventsOf(intentId)).map((event) => event.pending_webhooks)).toEqual([1]);
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["processing"]);
    expect((await songRow(artist.songId))?.status).toBe("pending");

    // Stripe gives up on events older than three days: a run "then" leaves it alone.
    expect(await retryPendingEvents(env, Date.now() + (RETRY_WINDOW_SECONDS + 60) * 1000)).toEqual({ delivered: 0, failed: 0 });
    expect((await pendingEventsOf(intentId)).map((event) => event.pending_webhooks)).toEqual([1]);

    await runCron();
    expect((await pendingEventsOf(intentId)).map((event) => event.pending_webhooks)).toEqual([0]);
    expect(await paymentsOf(artist.songId)).toMatchObject([{ id: paymentId, status: "succeeded", stripe_payment_intent_id: intentId }]);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999 });

    // The same key again answers the same intent; another cron run delivers nothing twice.
    const replayed = await stripe.paymentIntents.create(params, { idempotencyKey: `payment:${paymentId}` });
    expect(replayed.id).toBe(intentId);
    await runCron();
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([4999]);
    expect(await approvalEvents(artist.songId)).toBe(1);
  });
});
