/**
 * Refunds of rejected songs (docs/decisions/025-refunds-of-rejected-songs.md) against real local D1,
 * R2 and Queues and the Stripe sandbox: a paid song the pipeline rejects gets its whole fee back once,
 * with its ledger transaction and the artist's history; a redelivered job, a lost answer and a 500
 * stored under the key still refund once; a refund that fails later is shown to operators and its
 * ledger entry reversed, and an operator's retry sends it again once; a refund Stripe holds until its balance covers it is told to the artist and
 * operators as waiting for funds until a top-up sends it; a refund made in Stripe's Dashboard is
 * booked as the payment's refund, once; a Pro song is not refunded; the cron
 * re-queues a lost job.
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_SECRET_KEY, createStripe } from "../../platform/stripe-client";
import { audioCheckRejection, rejectApprovedSong } from "../../distribution/distribution-pipeline";
import { requeueLostRefunds, LOST_REFUND_AFTER_MS } from "../lost-refunds";
import { processDistribution } from "../../distribution/jobs/process-distribution";
import { sendRefund } from "../send-refund";
import { onRefundEvent } from "../refund-status";
import { REFUND_FAILS_AFTER_SECONDS } from "../../../../stripe-sandbox/src/money/refunds";
import type { ArtistPageResponse } from "@jplay/schema/artist";
import type { PayoutFundingResponse } from "@jplay/schema/funding";
import type { MyArtistLinkResponse } from "@jplay/schema/me";
import type { AdminRefundsResponse } from "@jplay/schema/refunds";
import { adminPostCapturing, signedInOperator } from "../../../test/admin-support";
import { drainPlatformBalance, fundPlatformBalance, stripeAvailable } from "../../../test/platform-funds";
import { artistWithSong, complete, deliverEvents, paymentsOf, sandboxAdmin, songPaid } from "../../../test/payment-support";
import { CapturingQueue, insertArtist, insertSong, pipelineContext, songEvents } from "../../../test/song-fixtures";
import { testContext } from "../../../test/support";

interface RefundRow {
  id: string;
  payment_id: string;
  amount_cents: number;
  status: string;
  stripe_refund_id: string | null;
  stripe_key_attempt: number;
  failure_reason: string | null;
  pending_reason: string | null;
  reason: string;
}
const refundsOfSong = async (songId: string) => (await env.DB.prepare("select * from refunds where song_id = ?").bind(songId).all<RefundRow>()).results;
/** The song's refund row once the webhooks have brought it to `succeeded`. */
const refundSucceeded = (songId: string) =>
  vi.waitFor(
    async () => {
      await deliverEvents();
      const [row] = await refundsOfSong(songId);
      if (row?.status !== "succeeded") throw new Error(`refund is ${row?.status ?? "not written"}`);
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );
const ledgerOf = async (refundId: string) =>
  (
    await env.DB.prepare(
      "select t.kind, e.account, e.amount_cents from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.ref = ? order by t.kind, e.account",
    )
      .bind(refundId)
      .all<{ kind: string; account: string; amount_cents: number }>()
  ).results;

/** A Stripe client whose answers to writes are lost after Stripe carried them out (reads arrive). */
const answerLostStripe = () => {
  const sandbox = env.STRIPE_SANDBOX!;
  return new Stripe(SANDBOX_SECRET_KEY, {
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(async (input, init) => {
      const answer = await sandbox.fetch(new Request(input, init));
      if (init?.method !== "POST") return answer;
      throw new TypeError("Network connection lost");
    }),
  });
};

/** An artist's standard-fee song, paid at Stripe, then rejected by the pipeline's own rejection; its refund's job not yet run. */
async function paidThenRejected(cardNumber?: string) {
  const artist = await artistWithSong(cardNumber);
  expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
  await songPaid(artist.songId);
  // Its queued messages (the refund's job, the text) are held here, so each test runs the job itself.
  expect(
    await rejectApprovedSong(testContext({ jobs: new CapturingQueue().asQueue() }), artist.songId, audioCheckRejection("The audio file could not be decoded.")),
  ).toBe(true);
  const [refund] = await refundsOfSong(artist.songId);
  const [payment] = await paymentsOf(artist.songId);
  return { ...artist, refund: refund!, intentId: payment!.stripe_payment_intent_id as string };
}

const stripeRefundsOf = async (intentId: string) => (await createStripe(env).refunds.list({ payment_intent: intentId })).data;

function deps() {
  const jobs = new CapturingQueue();
  return { jobs, deps: testContext({ jobs: jobs.asQueue() }) };
}

afterEach(async () => {
  await sandboxAdmin("/v1/test_helpers/faults", {}, "DELETE");
});

describe("a paid song the pipeline rejects", () => {
  it("gets its whole fee back once: one Stripe refund named by our row, a balanced ledger transaction, the artist's history says so", async () => {
    const artist = await artistWithSong();
    // Audio that does not decode: the pipeline's own job (the Worker's queue) rejects the song once it is paid.
    const song = await env.DB.prepare("select audio_key from songs where id = ?").bind(artist.songId).first<{ audio_key: string }>();
    await env.MEDIA.put(song!.audio_key, new TextEncoder().encode("not an mp3 at all"));
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
    const refund = await refundSucceeded(artist.songId);
    expect(refund.reason).toMatch(/^Your song was rejected: /);
    const run = deps();
    const jobs = run.jobs;
    const [payment] = await paymentsOf(artist.songId);
    const atStripe = await stripeRefundsOf(payment!.stripe_payment_intent_id as string);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ amount: 9900, status: "succeeded", metadata: { refundId: refund.id, paymentId: refund.payment_id } });
    expect(await refundsOfSong(artist.songId)).toMatchObject([{ amount_cents: 9900, status: "succeeded", stripe_refund_id: atStripe[0]!.id }]);
    expect(await ledgerOf(refund.id)).toEqual([
      { kind: "refund", account: "platform:fee_refunds", amount_cents: -9900 },
      { kind: "refund", account: "refunds:sent", amount_cents: 9900 },
    ]);
    const causes = (await songEvents(artist.songId)).map((e) => e.cause);
    expect(causes).toContain("Refund of $99.00 on its way back to your card");

    // Redelivered: the job, the pipeline's job, the webhooks, the cron — still one refund.
    expect(await sendRefund(run.deps, refund.id)).toBe("already_recorded");
    await processDistribution(pipelineContext(jobs), artist.songId);
    await deliverEvents();
    await requeueLostRefunds(run.deps, Date.now() + LOST_REFUND_AFTER_MS * 2);
    expect(jobs.take().map((m) => m.body)).not.toContainEqual(expect.objectContaining({ refundId: refund.id }));
    expect(await stripeRefundsOf(payment!.stripe_payment_intent_id as string)).toHaveLength(1);
    expect(await refundsOfSong(artist.songId)).toHaveLength(1);
    expect(await ledgerOf(refund.id)).toHaveLength(2);
  });

  it("a lost answer is found at Stripe by the next delivery, not refunded again", async () => {
    const { refund, intentId } = await paidThenRejected();
    const run = deps();
    await expect(sendRefund({ ...run.deps, stripe: answerLostStripe() }, refund.id)).rejects.toThrow();
    expect(await stripeRefundsOf(intentId)).toHaveLength(1);
    expect((await refundRow(refund.id)).stripe_refund_id).toBeNull();

    expect(await sendRefund(run.deps, refund.id)).toBe("found");
    const atStripe = await stripeRefundsOf(intentId);
    expect(atStripe).toHaveLength(1);
    expect((await refundRow(refund.id)).stripe_refund_id).toBe(atStripe[0]!.id);
  });

  it.each(["http_500", "http_500_after_commit"] as const)("a %s stored under the key: the next key, after looking, refunds once", async (mode) => {
    const { refund, intentId } = await paidThenRejected();
    expect((await sandboxAdmin("/v1/test_helpers/faults", { mode, count: "1", path_prefix: "/v1/refunds", method: "POST" })).status).toBe(200);
    const run = deps();
    const noRetries = {
      ...run.deps,
      stripe: new Stripe(SANDBOX_SECRET_KEY, {
        maxNetworkRetries: 0,
        httpClient: Stripe.createFetchHttpClient((i, init) => env.STRIPE_SANDBOX!.fetch(new Request(i, init))),
      }),
    };
    expect(await sendRefund(noRetries, refund.id)).toBe("next_key");
    expect(run.jobs.take().map((m) => m.body)).toEqual([{ type: "refund.send", refundId: refund.id }]);
    // The row counts the spent key: the next run looks first (finding what a 500 after the work made), then uses the next key.
    expect((await refundRow(refund.id)).stripe_key_attempt).toBe(1);
    expect(await sendRefund(noRetries, refund.id)).toBe(mode === "http_500" ? "sent" : "found");
    expect(await sendRefund(run.deps, refund.id)).toBe("already_recorded");
    expect(run.jobs.take()).toEqual([]);
    const atStripe = await stripeRefundsOf(intentId);
    expect(atStripe).toHaveLength(1);
    expect(await refundRow(refund.id)).toMatchObject({ status: "succeeded", stripe_refund_id: atStripe[0]!.id });
    expect(await ledgerOf(refund.id)).toHaveLength(2);
  });

  it("a refund the card's bank fails later is shown to operators, told to the artist, and its ledger entry is reversed", async () => {
    const { refund, songId, failed } = await refundTheBankFailed();
    expect(failed.failure_reason).toMatch(/expired or canceled card/);
    expect(await ledgerOf(refund.id)).toEqual([
      { kind: "refund", account: "platform:fee_refunds", amount_cents: -9900 },
      { kind: "refund", account: "refunds:sent", amount_cents: 9900 },
      { kind: "refund.failed", account: "platform:fee_refunds", amount_cents: 9900 },
      { kind: "refund.failed", account: "refunds:sent", amount_cents: -9900 },
    ]);
    expect((await songEvents(songId)).map((e) => e.cause).filter((cause) => cause.startsWith("Refund of $99.00 failed"))).toHaveLength(1);

    const operator = await signedInOperator();
    const listed = await (
      await operator.fetch("/api/admin/refunds")
    ).json<{ refunds: { id: string; status: string; failureReason: string | null; amountCents: number }[]; failedCount: number }>();
    expect(listed.refunds.find((r) => r.id === refund.id)).toMatchObject({ status: "failed", amountCents: 9900, failureReason: failed.failure_reason });
    expect(listed.failedCount).toBeGreaterThanOrEqual(1);
  });

  it("an operator retries a failed refund once: a new Stripe refund under its own key and ledger ref, audited; the old one's late news changes nothing", async () => {
    const { refund, intentId, stripePaymentMethodId, failedStripeRefundId } = await refundTheBankFailed();
    // The card's bank takes money again (the card was renewed): the next refund to it stays.
    expect((await sandboxAdmin(`/v1/test_helpers/payment_methods/${stripePaymentMethodId}/simulate_card`, { behaves_like: "4242424242424242" })).status).toBe(
      200,
    );
    const operator = await signedInOperator();
    const jobs = new CapturingQueue();
    const retried = await adminPostCapturing(operator, `/api/admin/refunds/${refund.id}/retry`, {}, jobs);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ id: refund.id, status: "pending", retries: 1 });
    expect(jobs.sent.map((message) => message.body)).toEqual([{ type: "refund.send", refundId: refund.id }]);
    // A second click, or a second operator: refused, nothing written, nothing queued.
    const again = await adminPostCapturing(operator, `/api/admin/refunds/${refund.id}/retry`, {}, jobs);
    expect(again.status).toBe(409);
    expect((await again.json<{ error: { code: string } }>()).error.code).toBe("refund_not_failed");
    expect(jobs.sent).toHaveLength(1);

    // The queued refund.send job (run here by hand, as the queue would) makes the new refund.
    expect(await sendRefund(deps().deps, refund.id)).toBe("sent");
    const sent = await refundRowOnceIt(refund.id, "succeeded");
    expect(sent.stripe_refund_id).not.toBe(failedStripeRefundId);
    const atStripe = await stripeRefundsOf(intentId);
    expect(atStripe.map((r) => [r.status, r.metadata?.retry ?? "0"]).sort()).toEqual([
      ["failed", "0"],
      ["succeeded", "1"],
    ]);
    // Sent once however often the job runs.
    expect(await sendRefund(deps().deps, refund.id)).toBe("already_recorded");
    expect(await stripeRefundsOf(intentId)).toHaveLength(2);

    // The ledger: the first refund and its reversal, then the retry under its own ref: the fee given back once.
    expect(await ledgerOf(`${refund.id}:retry:1`)).toEqual([
      { kind: "refund", account: "platform:fee_refunds", amount_cents: -9900 },
      { kind: "refund", account: "refunds:sent", amount_cents: 9900 },
    ]);
    // The failed refund's events, delivered again late, do not move the row back.
    await onRefundEvent(testContext(), await createStripe(env).refunds.retrieve(failedStripeRefundId));
    expect((await refundRow(refund.id)).status).toBe("succeeded");
    const audit = await env.DB.prepare("select action, detail from audit_log where action = 'refund_retried' and detail like ?")
      .bind(`%${refund.id}%`)
      .all<{ action: string; detail: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.detail).toContain(failedStripeRefundId);
  });

  it("refuses a retry of a refund that did not fail, and of one that does not exist", async () => {
    const { refund } = await paidThenRejected();
    const operator = await signedInOperator();
    const jobs = new CapturingQueue();
    expect((await adminPostCapturing(operator, `/api/admin/refunds/${refund.id}/retry`, {}, jobs)).status).toBe(409);
    expect((await adminPostCapturing(operator, "/api/admin/refunds/no-such-refund/retry", {}, jobs)).status).toBe(404);
    expect(jobs.sent).toEqual([]);
    expect((await refundRow(refund.id)).status).toBe("pending");
    expect(
      await env.DB.prepare("select count(*) as n from audit_log where action = 'refund_retried' and detail like ?").bind(`%${refund.id}%`).first("n"),
    ).toBe(0);
  });
});

/** A song's refund to test card …5126, sent, then failed by the card's bank an hour later. */
async function refundTheBankFailed() {
  const rejected = await paidThenRejected("4000000000005126");
  expect(await sendRefund(deps().deps, rejected.refund.id)).toBe("sent");
  const sentRow = await refundRow(rejected.refund.id);
  expect(sentRow.status).toBe("succeeded");
  expect((await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: String(REFUND_FAILS_AFTER_SECONDS + 60) })).status).toBe(200);
  // The sandbox fails the refund on its next call and sends refund.updated / charge.refund.updated / refund.failed.
  const failed = await refundRowOnceIt(rejected.refund.id, "failed");
  return { ...rejected, failed, failedStripeRefundId: sentRow.stripe_refund_id! };
}

describe("a refund made in Stripe's Dashboard, not by the product", () => {
  it("is booked as the payment's refund once: its row, the ledger, the admin list; redelivered events book nothing more", async () => {
    const artist = await artistWithSong();
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(200);
    await songPaid(artist.songId);
    const [payment] = await paymentsOf(artist.songId);
    // What the Dashboard does: a refund of part of the charge, naming no refund row of ours.
    const made = await createStripe(env).refunds.create({ payment_intent: payment!.stripe_payment_intent_id as string, amount: 2500 });
    const row = await refundSucceeded(artist.songId);
    expect(row).toMatchObject({ payment_id: payment!.id, amount_cents: 2500, stripe_refund_id: made.id, reason: "Refunded in Stripe's Dashboard" });
    const booked = [
      { kind: "refund", account: "platform:fee_refunds", amount_cents: -2500 },
      { kind: "refund", account: "refunds:sent", amount_cents: 2500 },
    ];
    expect(await ledgerOf(row.id)).toEqual(booked);

    // Its events once more (Stripe redelivers): still one row, one transaction.
    const events = (await createStripe(env).events.list({ limit: 100 })).data.filter((event) => (event.data.object as { id?: string }).id === made.id);
    expect(events.map((event) => event.type)).toContain("refund.created");
    for (const event of events) {
      await onRefundEvent(testContext(), event.data.object as Stripe.Refund);
    }
    expect(await refundsOfSong(artist.songId)).toHaveLength(1);
    expect(await ledgerOf(row.id)).toEqual(booked);

    const operator = await signedInOperator();
    const listed = await (await operator.fetch("/api/admin/refunds")).json<AdminRefundsResponse>();
    expect(listed.refunds.find((refund) => refund.id === row.id)).toMatchObject({
      songId: artist.songId,
      amountCents: 2500,
      status: "succeeded",
      stripeRefundId: made.id,
    });
  });
});

describe("a refund Stripe holds until its available balance covers it", () => {
  const debitNegativeBalances = (value: boolean) => createStripe(env).balanceSettings.update({ payments: { debit_negative_balances: value } });
  /** The song's refund as the artist's private page shows it. */
  async function refundOnArtistPage(browser: Awaited<ReturnType<typeof paidThenRejected>>["browser"], songId: string) {
    const { artistPageUrl } = await (await browser.fetch("/api/me/artist-link", { method: "POST" })).json<MyArtistLinkResponse>();
    const page = await (await browser.fetch(`/api/artist/${artistPageUrl.slice("/artist/".length)}`)).json<ArtistPageResponse>();
    return page.songs.find((song) => song.id === songId)?.refund;
  }

  it("is waiting for funds to the artist, in the refunds list and in the shortfall to top up; the top-up sends it and the artist reads it refunded", async () => {
    const { refund, songId, browser } = await paidThenRejected();
    // An account that does not debit its bank, with nothing available (the song's own charge is pending for
    // two business days). Earlier refunds in this sandbox may have taken available below zero from the bank.
    if ((await stripeAvailable()) > 0) await drainPlatformBalance();
    const available = await stripeAvailable();
    await debitNegativeBalances(false);
    try {
      expect(await sendRefund(deps().deps, refund.id)).toBe("sent");
      expect(await refundRow(refund.id)).toMatchObject({ status: "pending", pending_reason: "insufficient_funds" });
      expect(await refundOnArtistPage(browser, songId)).toEqual({ state: "waiting_for_funds", amountCents: 9900, message: null });

      const operator = await signedInOperator();
      const listed = await (await operator.fetch("/api/admin/refunds")).json<AdminRefundsResponse>();
      expect(listed.refunds.find((r) => r.id === refund.id)).toMatchObject({ status: "pending", pendingReason: "insufficient_funds" });
      expect(listed.waitingForFundsCount).toBe(1);
      const funding = await (await operator.fetch("/api/admin/funding")).json<PayoutFundingResponse>();
      expect(funding.waitingRefunds).toEqual({ count: 1, cents: 9900 });
      expect(funding.stripe?.availableCents).toBe(available);
      expect(funding.shortfallCents).toBe(funding.owedToArtistsCents + 9900 - available);

      await fundPlatformBalance(9900 - available);
      // Stripe sends the refund once available covers it: refund.updated brings our row up to date.
      const sent = await refundRowOnceIt(refund.id, "succeeded");
      expect(sent.pending_reason).toBeNull();
      expect(await refundOnArtistPage(browser, songId)).toEqual({ state: "refunded", amountCents: 9900, message: null });
      const after = await (await operator.fetch("/api/admin/refunds")).json<AdminRefundsResponse>();
      expect(after.waitingForFundsCount).toBe(0);
      expect((await (await operator.fetch("/api/admin/funding")).json<PayoutFundingResponse>()).waitingRefunds).toEqual({ count: 0, cents: 0 });
    } finally {
      await debitNegativeBalances(true);
    }
  });
});

describe("what is not refunded, and what the cron finds", () => {
  it("a Pro song (no per-song fee) is rejected without a refund", async () => {
    const artistId = await insertArtist();
    const songId = await insertSong({ artistId, audio: null, status: "approved", package: "pro" });
    await env.DB.prepare("update songs set paid_at = ? where id = ?").bind(Date.now(), songId).run();
    await env.DB.prepare(
      "insert into payments (id, artist_id, song_id, purpose, package, amount_cents, status) values (?1, ?2, ?3, 'distribution', 'pro', 0, 'succeeded')",
    )
      .bind(crypto.randomUUID(), artistId, songId)
      .run();
    const jobs = new CapturingQueue();
    await processDistribution(pipelineContext(jobs), songId);
    expect((await env.DB.prepare("select status from songs where id = ?").bind(songId).first<{ status: string }>())!.status).toBe("rejected");
    expect(await refundsOfSong(songId)).toEqual([]);
    expect(jobs.take()).toEqual([]);
    await requeueLostRefunds(testContext({ jobs: jobs.asQueue() }), Date.now());
    expect(await refundsOfSong(songId)).toEqual([]);
  });

  it("the cron writes a refund a crash left out and re-queues a refund whose job was lost; its job then refunds once", async () => {
    const { refund, intentId, songId } = await paidThenRejected();
    // As if the rejection had been written before refunds existed: no row.
    await env.DB.prepare("delete from refunds where id = ?").bind(refund.id).run();
    const run = deps();
    const now = Date.now();
    expect((await requeueLostRefunds(run.deps, now)).written).toBeGreaterThanOrEqual(1);
    const [written] = await refundsOfSong(songId);
    expect(written).toMatchObject({ amount_cents: 9900, status: "pending" });
    // Its job is lost: a while later the cron queues it again.
    await requeueLostRefunds(run.deps, now + LOST_REFUND_AFTER_MS + 1000);
    const queued = run.jobs.take().map((m) => m.body);
    expect(queued).toContainEqual({ type: "refund.send", refundId: written!.id });
    expect(await sendRefund(run.deps, written!.id)).toBe("sent");
    expect(await stripeRefundsOf(intentId)).toHaveLength(1);
  });
});

const refundRow = async (id: string) => (await env.DB.prepare("select * from refunds where id = ?").bind(id).first<RefundRow>())!;

/** The refund's row once Stripe's events (delivered now) have moved it to `status`. */
const refundRowOnceIt = (id: string, status: string) =>
  vi.waitFor(
    async () => {
      await deliverEvents();
      const row = await refundRow(id);
      if (row.status !== status) throw new Error(`refund is ${row.status}`);
      return row;
    },
    { timeout: 10_000, interval: 100 },
  );
