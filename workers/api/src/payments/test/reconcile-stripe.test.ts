/**
 * The cron's reconciliation with Stripe (payments/jobs/reconcile-stripe.ts, docs/decisions/022): webhooks
 * Stripe gave up on (the sandbox retries as test mode does, three times, then never) and payments
 * whose answer and webhook were both lost are found by asking Stripe, applied through the webhook's
 * own code, once; running the cron again changes nothing. Real local D1 and the Stripe sandbox.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, onTestFinished } from "vitest";
import { artists, stripeSyncCursors } from "@jplay/schema/tables";
import worker from "../../index";
import { createDb } from "../../platform/db";
import { DELIVERY_CRON } from "../../worker/crons";
import { createStripe } from "../../platform/stripe-client";
import { EVENT_OVERLAP_SECONDS, PLATFORM_EVENTS_CURSOR, applyMissedPlatformEvents } from "../webhooks/missed-stripe-events";
import { writeSyncCursor } from "../webhooks/sync-cursors";
import { PLATFORM_EVENT_TYPES } from "../webhooks/webhook-endpoints";
import { NOT_CHARGED_AFTER_MS, SETTLE_AFTER_MS } from "../webhooks/settle-processing-payments";
import { artistWithSong, chargesOf, freshCardNumber, impatientStripe, payInBrowser, paymentsOf, sandboxAdmin, songRow } from "../../../test/payment-support";
import { signedInOperator } from "../../../test/admin-support";
import { CapturingQueue, insertArtist } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";
import { payableConnectedAccount } from "../../../test/platform-funds";
import { ACCOUNTS, postTransaction } from "../../ledger/ledger";
import { payArtist } from "../../ledger/payouts";

const stripe = createStripe(env);
const db = createDb(env.DB);
/** Test mode's retry delays (the sandbox's RETRY_DELAYS_SECONDS): 1 h, 2 h, 3 h. */
const RETRY_DELAYS_SECONDS = [3600, 7200, 10800];

/** Runs the 15-minute schedule now; its queued jobs are captured, not run. */
async function runCron(jobs = new CapturingQueue()) {
  await worker.scheduled(
    createScheduledController({ cron: DELIVERY_CRON, scheduledTime: Date.now() }),
    { ...env, JOBS: jobs.asQueue() },
    createExecutionContext(),
  );
  return jobs.take().map((m) => m.body);
}

/** The product's endpoints out of reach until the test ends: Stripe's attempts fail and count. */
async function endpointsDown() {
  expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
  onTestFinished(async () => {
    await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" });
  });
}
const endpointsBack = async () => expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" })).status).toBe(200);

/** Moves the sandbox's clock through test mode's three retries; each answers once its due retries ran. */
async function pastEveryRetry() {
  for (const delay of RETRY_DELAYS_SECONDS) expect((await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: String(delay + 1) })).status).toBe(200);
}

const paidOnce = async (songId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM song_events WHERE song_id = ? AND from_status = 'pending' AND to_status = 'approved'")
    .bind(songId)
    .first<{ n: number }>())!.n;
const recorded = async (eventId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(eventId).first<{ n: number }>())!.n;
const eventsAbout = async (objectId: string, type: Stripe.Event.Type, options: Stripe.RequestOptions = {}) =>
  (await stripe.events.list({ type, limit: 100 }, options)).data.filter((event) => (event.data.object as { id: string }).id === objectId);

describe("webhooks Stripe gave up on", () => {
  it("a payment_intent.succeeded that never reached the product is applied by the cron once; a second run changes nothing", async () => {
    const artist = await artistWithSong();
    await endpointsDown();
    // The artist pays the card form; Stripe's every attempt to tell the product fails.
    const checkout = await artist.browser.fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const { clientSecret } = await checkout.json<{ clientSecret: string }>();
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    await pastEveryRetry();
    // Stripe has given up: with the endpoint back, a day later, nothing has arrived.
    await endpointsBack();
    await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: String(24 * 3600) });
    expect((await songRow(artist.songId))?.status).toBe("pending");
    const [succeeded] = await eventsAbout(clientSecret.split("_secret_")[0]!, "payment_intent.succeeded");
    expect(succeeded).toMatchObject({ pending_webhooks: 1 });
    // Listed in the account's default API version, not the SDK's: read again, not refused.
    expect(succeeded!.api_version).not.toBe(Stripe.API_VERSION);
    expect(await recorded(succeeded!.id)).toBe(0);

    // The song's audio check, and the artist's text that the payment went through.
    expect(await runCron()).toEqual([
      { type: "distribution.process", songId: artist.songId },
      { type: "text.send", messageId: expect.any(String) },
    ]);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "standard", distribution_fee_cents: 9900 });
    expect(await recorded(succeeded!.id)).toBe(1);

    const before = await paymentsOf(artist.songId);
    expect(await runCron()).toEqual([]);
    expect(await paymentsOf(artist.songId)).toEqual(before);
    expect(await paidOnce(artist.songId)).toBe(1);
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([9900]);
  });

  it("an account.updated on a connected account is found by listing that account's events (Stripe-Account), and applied once", async () => {
    const artistId = await insertArtist();
    const account = await stripe.accounts.create({
      type: "custom",
      country: "US",
      business_type: "individual",
      individual: { id_number: "000000000" },
      capabilities: { transfers: { requested: true } },
    });
    await db.update(artists).set({ stripeAccountId: account.id, payoutsEnabled: false }).where(eq(artists.id, artistId));
    await endpointsDown();
    await stripe.accounts.update(account.id, { external_account: "tok_visa_debit" });
    await stripe.accounts.update(account.id, { tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" } });
    await pastEveryRetry();
    await endpointsBack();
    const payoutsEnabled = async () => (await db.select().from(artists).where(eq(artists.id, artistId)))[0]!.payoutsEnabled;
    expect(await payoutsEnabled()).toBe(false);
    // The platform's own event list does not show them: they belong to the account.
    expect(await eventsAbout(account.id, "account.updated")).toEqual([]);
    const updates = await eventsAbout(account.id, "account.updated", { stripeAccount: account.id });
    expect(updates).toHaveLength(2);

    await runCron();
    expect(await payoutsEnabled()).toBe(true);
    for (const event of updates) expect(await recorded(event.id)).toBe(1);
    await runCron();
    expect(await payoutsEnabled()).toBe(true);
  });

  it("a payable account Stripe restricts later, its account.updated never delivered, is found by the cron and its payouts are held", async () => {
    const artistId = await insertArtist();
    const account = await payableConnectedAccount();
    await db.update(artists).set({ stripeAccountId: account.id, payoutsEnabled: true, payoutRequirements: [] }).where(eq(artists.id, artistId));
    await endpointsDown();
    expect((await sandboxAdmin(`/v1/test_helpers/accounts/${account.id}/past_due`, { requirement: "individual.verification.document" })).status).toBe(200);
    await pastEveryRetry();
    await endpointsBack();
    const row = async () => (await db.select().from(artists).where(eq(artists.id, artistId)))[0]!;
    expect((await row()).payoutsEnabled).toBe(true);

    await runCron();
    expect(await row()).toMatchObject({ payoutsEnabled: false, payoutRequirements: ["individual.verification.document"] });
    // The artist's earnings stay with JPlay: no transfer is tried to the restricted account.
    await postTransaction(testContext(), "purchase", crypto.randomUUID(), [
      { account: ACCOUNTS.providerReceivable, amountCents: -5_000 },
      { account: ACCOUNTS.artistAvailable(artistId), artistId, amountCents: 5_000 },
    ]);
    expect(await payArtist(testContext(), artistId, "2026-11-23")).toBe("held");
  });

  it("an invoice.paid Stripe gave up on is listed in the account's older API version, whose invoice has no parent: its invoice is read again, so Pro's charge is posted", async () => {
    const artist = await artistWithSong();
    await endpointsDown();
    const started = await artist.browser.fetch("/api/get-or-create-subscription", { method: "POST" });
    const { clientSecret } = await started.json<{ clientSecret: string }>();
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    await pastEveryRetry();
    await endpointsBack();
    const [paid] = (await stripe.events.list({ type: "invoice.paid", limit: 100 })).data.filter(
      (event) => (event.data.object as Stripe.Invoice).customer === artist.customerId,
    );
    // Rendered as the account's default version had it, not as the SDK reads: no `parent` to find the subscription by.
    expect(paid!.api_version).not.toBe(Stripe.API_VERSION);
    expect(paid!.data.object).not.toHaveProperty("parent");
    const invoiceId = (paid!.data.object as Stripe.Invoice).id;
    const posted = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'subscription.invoice' AND ref = ?")
        .bind(invoiceId)
        .first<{ n: number }>())!.n;
    expect(await posted()).toBe(0);

    await runCron();
    expect(await recorded(paid!.id)).toBe(1);
    expect(await posted()).toBe(1);
    expect((await env.DB.prepare("SELECT status FROM subscriptions WHERE artist_id = ?").bind(artist.artistId).first<{ status: string }>())?.status).toBe(
      "active",
    );
    await runCron();
    expect(await posted()).toBe(1);
  });

  it("an event whose object cannot be read is not applied and not passed: operators see it among the failed jobs until a later run applies it", async () => {
    const artist = await artistWithSong();
    await endpointsDown();
    const checkout = await artist.browser.fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const { clientSecret } = await checkout.json<{ clientSecret: string }>();
    const intentId = clientSecret.split("_secret_")[0]!;
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    await pastEveryRetry();
    await endpointsBack();
    const [succeeded] = await eventsAbout(intentId, "payment_intent.succeeded");
    // Stripe fails every read of the intent for a while (in front of the API: nothing stored).
    expect(
      (
        await sandboxAdmin("/v1/test_helpers/faults", {
          mode: "http_500_before_key",
          count: "100",
          path_prefix: `/v1/payment_intents/${intentId}`,
          method: "GET",
        })
      ).status,
    ).toBe(200);
    onTestFinished(async () => {
      await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
    });
    const failedJob = () =>
      env.DB.prepare("SELECT job_type, payload FROM failed_jobs WHERE id = ?")
        .bind(`stripe-event:${succeeded!.id}`)
        .first<{ job_type: string; payload: string }>();

    await runCron();
    expect((await songRow(artist.songId))?.status).toBe("pending");
    expect(await recorded(succeeded!.id)).toBe(0);
    expect(await failedJob()).toMatchObject({ job_type: "stripe.event" });
    expect(JSON.parse((await failedJob())!.payload)).toMatchObject({ eventId: succeeded!.id, type: "payment_intent.succeeded" });
    const admin = await (await signedInOperator()).fetch("/api/admin/failed-jobs");
    expect((await admin.json<{ failedJobs: { id: string }[] }>()).failedJobs.map((job) => job.id)).toContain(`stripe-event:${succeeded!.id}`);

    // Stripe answers again: the next run reads the event again by its id, applies it and clears the alert.
    await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
    await runCron(new CapturingQueue());
    expect((await songRow(artist.songId))?.status).toBe("approved");
    expect(await recorded(succeeded!.id)).toBe(1);
    expect(await failedJob()).toBeNull();
  });

  it("lists a bounded number of pages a run, goes on where it stopped, then keeps only an overlap window", async () => {
    // A Stripe that has 23 events the product acts on and never received (subscriptions not ours: applying them changes nothing).
    const start = 2_000_000_000;
    const all = Array.from({ length: 23 }, (_, i) => ({
      id: `evt_bounded_${String(i).padStart(2, "0")}`,
      object: "event",
      type: "customer.subscription.updated",
      created: start + i * 120,
      api_version: Stripe.API_VERSION,
      data: { object: { id: `sub_not_ours_${i}`, object: "subscription" } },
    }));
    const listCalls: Record<string, unknown>[] = [];
    const fake = {
      events: {
        list: async (params: { created: { gte: number }; limit: number; starting_after?: string }) => {
          listCalls.push(params);
          const newestFirst = all.filter((e) => e.created >= params.created.gte).reverse();
          const from = params.starting_after ? newestFirst.findIndex((e) => e.id === params.starting_after) + 1 : 0;
          const data = newestFirst.slice(from, from + params.limit);
          return { data, has_more: from + params.limit < newestFirst.length };
        },
      },
    } as unknown as Stripe;
    await db.delete(stripeSyncCursors).where(eq(stripeSyncCursors.name, PLATFORM_EVENTS_CURSOR));
    onTestFinished(async () => {
      await db.delete(stripeSyncCursors).where(eq(stripeSyncCursors.name, PLATFORM_EVENTS_CURSOR));
    });
    const deps = testContext({ jobs: new CapturingQueue().asQueue(), stripe: fake });
    const bounds = { pageSize: 5, pages: 2 };
    const now = start + 23 * 120;

    const runs = [];
    for (let run = 0; run < 4; run++) runs.push(await applyMissedPlatformEvents(deps, now, bounds));
    expect(runs.map((r) => [r.listed, r.applied, r.complete])).toEqual([
      [10, 10, false],
      [10, 10, false],
      [3, 3, true],
      // Only the overlap window before the newest event is listed again: all known.
      [6, 0, true],
    ]);
    for (const event of all) expect(await recorded(event.id)).toBe(1);
    expect(listCalls.every((params) => (params as { types: string[] }).types.includes("payment_intent.succeeded"))).toBe(true);
  });
});

describe("a walk over several runs", () => {
  /** An artist pays by card while the product's endpoints are down; the intent's id. */
  async function paysUnheard() {
    const artist = await artistWithSong();
    const checkout = await artist.browser.fetch("/api/create-payment-intent", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const { clientSecret } = await checkout.json<{ clientSecret: string }>();
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    return { songId: artist.songId, intentId: clientSecret.split("_secret_")[0]! };
  }

  it("an event that failed in the walk's first run is applied later, though the walk's end moved the cursor past it", async () => {
    await endpointsDown();
    const first = await paysUnheard();
    const alsoEarly = await paysUnheard();
    await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: "3600" });
    const second = await paysUnheard();
    await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: "3600" });
    const third = await paysUnheard();
    await pastEveryRetry();
    await endpointsBack();
    const [firstSucceeded] = await eventsAbout(first.intentId, "payment_intent.succeeded");
    const [secondSucceeded] = await eventsAbout(second.intentId, "payment_intent.succeeded");

    // The walk starts just before the first payment (as after an outage); Stripe lists newest first.
    const deps = testContext({ jobs: new CapturingQueue().asQueue() });
    await writeSyncCursor(deps, PLATFORM_EVENTS_CURSOR, { since: firstSucceeded!.created });
    onTestFinished(async () => {
      await db.delete(stripeSyncCursors).where(eq(stripeSyncCursors.name, PLATFORM_EVENTS_CURSOR));
    });
    const newestFirst = (
      await stripe.events.list({ types: [...PLATFORM_EVENT_TYPES], created: { gte: firstSucceeded!.created - EVENT_OVERLAP_SECONDS }, limit: 100 })
    ).data;
    const throughSecond = newestFirst.findIndex((event) => event.id === secondSucceeded!.id) + 1;
    expect(throughSecond).toBeGreaterThan(0);
    expect(newestFirst.length - throughSecond).toBeGreaterThanOrEqual(2);
    const now = Math.floor(Date.now() / 1000);

    // Run 1 reaches the second payment's event while Stripe fails every read of its intent.
    expect(
      (
        await sandboxAdmin("/v1/test_helpers/faults", {
          mode: "http_500_before_key",
          count: "100",
          path_prefix: `/v1/payment_intents/${second.intentId}`,
          method: "GET",
        })
      ).status,
    ).toBe(200);
    onTestFinished(async () => {
      await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
    });
    expect(await applyMissedPlatformEvents(deps, now, { pageSize: throughSecond, pages: 1 })).toMatchObject({ failed: 1, complete: false });
    await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
    // Runs 2 and 3 go on to the walk's end; the cursor then stands at the newest event, an hour past the failed one.
    expect(await applyMissedPlatformEvents(deps, now, { pageSize: 1, pages: 1 })).toMatchObject({ failed: 0, complete: false });
    expect(await applyMissedPlatformEvents(deps, now, { pageSize: 100, pages: 5 })).toMatchObject({ failed: 0, complete: true });
    for (const paid of [first, alsoEarly, third]) expect((await songRow(paid.songId))?.status).toBe("approved");
    expect((await songRow(second.songId))?.status).toBe("pending");

    // The next cron run applies it all the same, once, and clears the operators' alert.
    await runCron();
    expect((await songRow(second.songId))?.status).toBe("approved");
    expect(await recorded(secondSucceeded!.id)).toBe(1);
    expect(await paidOnce(second.songId)).toBe(1);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM failed_jobs WHERE id = ?").bind(`stripe-event:${secondSucceeded!.id}`).first<{ n: number }>(),
    ).toEqual({ n: 0 });
    await runCron();
    expect(await paidOnce(second.songId)).toBe(1);
  });
});

describe("payments whose answer and webhook were both lost", () => {
  /** A claimed `complete` payment, charged at Stripe by a caller that never heard back (its webhook pending). */
  async function lostCharge(cardNumber = freshCardNumber()) {
    const artist = await artistWithSong(cardNumber);
    await endpointsDown();
    const paymentId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', 'expedited', 4999, 'processing')",
    )
      .bind(paymentId, artist.artistId, artist.songId)
      .run();
    expect((await sandboxAdmin("/v1/test_helpers/faults", { mode: "hold_after_commit", path_prefix: "/v1/payment_intents", method: "POST" })).status).toBe(200);
    const impatient = impatientStripe();
    await expect(
      impatient.paymentIntents.create(
        {
          amount: 4999,
          currency: "usd",
          customer: artist.customerId,
          payment_method: artist.stripePaymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          confirm: true,
          metadata: { paymentId, paidWith: "saved_card", songId: artist.songId },
        },
        { idempotencyKey: `payment:${paymentId}` },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    await env.DB.prepare("insert into card_attempts (id, fingerprint, payment_id, outcome) values (?1, ?2, ?3, 'error')")
      .bind(`payment:${paymentId}`, artist.fingerprint, paymentId)
      .run();
    return { ...artist, paymentId };
  }
  /** As if `ms` had passed since the payment was last touched. */
  const age = (paymentId: string, ms: number) =>
    env.DB.prepare("UPDATE payments SET updated_at = ?, created_at = created_at - ? WHERE id = ?")
      .bind(Date.now() - ms, ms, paymentId)
      .run();
  /** Moves the event cursor past everything so far: only the payment check can settle what follows. */
  async function eventsAlreadyWalked() {
    await db.delete(stripeSyncCursors).where(eq(stripeSyncCursors.name, PLATFORM_EVENTS_CURSOR));
    await db
      .insert(stripeSyncCursors)
      .values({ name: PLATFORM_EVENTS_CURSOR, position: JSON.stringify({ since: Math.floor(Date.now() / 1000) + 10 * 24 * 3600 }) });
    onTestFinished(async () => {
      await db.delete(stripeSyncCursors).where(eq(stripeSyncCursors.name, PLATFORM_EVENTS_CURSOR));
    });
  }

  it("a charge Stripe made is found by the payment's id in its metadata and pays the song once; running again changes nothing", async () => {
    const lost = await lostCharge();
    await eventsAlreadyWalked();
    await expect.poll(async () => (await chargesOf(lost.customerId)).length).toBe(1);
    // Its own request may still be running: not yet.
    await runCron();
    expect((await paymentsOf(lost.songId)).map((p) => p.status)).toEqual(["processing"]);

    await age(lost.paymentId, SETTLE_AFTER_MS + 1000);
    expect(await runCron()).toEqual([
      { type: "distribution.process", songId: lost.songId },
      { type: "text.send", messageId: expect.any(String) },
    ]);
    const [charge] = await chargesOf(lost.customerId);
    expect(await paymentsOf(lost.songId)).toMatchObject([{ id: lost.paymentId, status: "succeeded", stripe_payment_intent_id: charge!.payment_intent }]);
    expect(await songRow(lost.songId)).toMatchObject({ status: "approved", package: "expedited", distribution_fee_cents: 4999 });
    expect(await env.DB.prepare("SELECT outcome FROM card_attempts WHERE id = ?").bind(`payment:${lost.paymentId}`).first()).toEqual({ outcome: "succeeded" });

    expect(await runCron()).toEqual([]);
    expect(await paidOnce(lost.songId)).toBe(1);
    expect((await chargesOf(lost.customerId)).map((c) => c.amount)).toEqual([4999]);
  });

  it("a decline Stripe made is recorded as payment_intent.payment_failed records it", async () => {
    // 4000 0000 0000 0341 saves fine and declines every charge.
    const lost = await lostCharge("4000000000000341");
    await eventsAlreadyWalked();
    await expect.poll(async () => (await chargesOf(lost.customerId)).length).toBe(1);
    await age(lost.paymentId, SETTLE_AFTER_MS + 1000);
    // Only the artist's text that the payment did not go through.
    expect(await runCron()).toEqual([{ type: "text.send", messageId: expect.any(String) }]);
    expect(await paymentsOf(lost.songId)).toMatchObject([
      { status: "requires_payment_method", failure_code: "card_declined", decline_code: "generic_decline" },
    ]);
    expect((await songRow(lost.songId))?.status).toBe("pending");
    expect(await env.DB.prepare("SELECT outcome, decline_code FROM card_attempts WHERE id = ?").bind(`payment:${lost.paymentId}`).first()).toEqual({
      outcome: "declined",
      decline_code: "generic_decline",
    });
  });

  it("a payment Stripe has no intent for is left alone for a while, then failed as never charged", async () => {
    const artist = await artistWithSong();
    const paymentId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', 'standard', 9900, 'processing')",
    )
      .bind(paymentId, artist.artistId, artist.songId)
      .run();
    await age(paymentId, SETTLE_AFTER_MS + 1000);
    await runCron();
    expect((await paymentsOf(artist.songId)).map((p) => p.status)).toEqual(["processing"]);

    await age(paymentId, NOT_CHARGED_AFTER_MS + 1000);
    await runCron();
    expect(await paymentsOf(artist.songId)).toMatchObject([{ status: "failed", failure_code: "not_charged" }]);
    expect(await chargesOf(artist.customerId)).toEqual([]);
  });
});
