/**
 * The one-off /checkout payment (POST /api/create-payment-intent) and the Pro subscription
 * (POST /api/get-or-create-subscription): the server's prices only, the song paid by webhook, and
 * Pro on only while Stripe says the subscription is paid.
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { createStripe } from "../../platform/stripe-client";
import { Browser } from "../../../test/support";
import {
  asEndpointReceives,
  artistWithSong,
  chargesOf,
  complete,
  deliverEvents,
  freshCardNumber,
  intentIdOf,
  payInBrowser,
  paymentIntentsOf,
  sandboxAdmin,
  songPaid,
  songRow,
  uploadSong,
} from "../../../test/payment-support";

const checkout = (browser: Browser, body?: unknown) =>
  browser.fetch("/api/create-payment-intent", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("one-off checkout", { timeout: 30_000 }, () => {
  it("charges the server's $99.00 for the latest song awaiting payment, paid as standard by the webhook", async () => {
    const artist = await artistWithSong();
    const newer = await uploadSong(artist.browser, "Newer Song");
    const res = await checkout(artist.browser, { amount: 9900 });
    expect(res.status).toBe(200);
    const body = await res.json<{ clientSecret: string; songId: string }>();
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), songId: newer });
    // Asking again while the form is open gives the same payment.
    expect(await (await checkout(artist.browser, { amount: 9900 })).json()).toEqual(body);
    expect((await paymentIntentsOf(artist.customerId)).map((i) => i.amount)).toEqual([9900]);

    expect((await payInBrowser(artist.browser, body.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(newer)).toMatchObject({ package: "standard", distribution_fee_cents: 9900, revenue_split_bps: 200 });
    expect((await songRow(artist.songId))?.status).toBe("pending");
    // The next checkout is for the older song, still awaiting payment.
    const next = await (await checkout(artist.browser)).json<{ clientSecret: string; songId: string }>();
    expect(next.songId).toBe(artist.songId);
    expect(intentIdOf(next.clientSecret)).not.toBe(intentIdOf(body.clientSecret));
  });

  it("refuses any other amount and never sends it to Stripe", async () => {
    const artist = await artistWithSong();
    for (const amount of [1, 4999, "9900", 9900.5, null]) {
      const res = await checkout(artist.browser, { amount });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "bad_request", message: "The one-off distribution fee is $99.00 (9900 cents)." } });
    }
    expect((await checkout(artist.browser, [9900])).status).toBe(400);
    expect(await paymentIntentsOf(artist.customerId)).toHaveLength(0);
  });

  it("answers 404 when no song awaits payment, 401 without a session", async () => {
    const artist = await artistWithSong();
    const first = await (await checkout(artist.browser, { amount: 9900 })).json<{ clientSecret: string }>();
    await payInBrowser(artist.browser, first.clientSecret, freshCardNumber());
    await songPaid(artist.songId);
    const none = await checkout(artist.browser, { amount: 9900 });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: { message: "You have no song awaiting payment. Submit a song for distribution first." } });
    expect((await checkout(new Browser(), { amount: 9900 })).status).toBe(401);
  });
});

const subscribe = async (browser: Browser) => {
  const res = await browser.fetch("/api/get-or-create-subscription", { method: "POST" });
  return { status: res.status, body: await res.json<{ clientSecret?: string; error?: { code: string; message: string } }>() };
};

const subscriptionOf = (artistId: string) =>
  env.DB.prepare("SELECT * FROM subscriptions WHERE artist_id = ?")
    .bind(artistId)
    .first<{ status: string; stripe_subscription_id: string; current_period_end: number | null }>();

/** Waits until the webhooks have brought the artist's subscription to `status`. */
const subscriptionBecomes = (artistId: string, status: string) =>
  vi.waitFor(
    async () => {
      await deliverEvents();
      const row = await subscriptionOf(artistId);
      if (row?.status !== status) throw new Error(`subscription is ${row?.status}`);
      return row;
    },
    { timeout: 5000, interval: 50 },
  );

/** A listed Stripe event delivered to the webhook once more, under a new event id (as a late copy arrives). */
async function deliverAgain(event: Stripe.Event) {
  const payload = JSON.stringify({ ...(await asEndpointReceives(event)), id: `evt_again_${crypto.randomUUID()}` });
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: "whsec_test_jplay",
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return new Browser().fetch("/api/webhooks/stripe", { method: "POST", headers: { "Stripe-Signature": header }, body: payload });
}

/** An artist with an active Pro subscription paid by a new card. */
async function proArtist() {
  const artist = await artistWithSong();
  const first = await subscribe(artist.browser);
  expect(first.status).toBe(200);
  expect(first.body.clientSecret).toMatch(/^pi_.+_secret_/);
  expect((await payInBrowser(artist.browser, first.body.clientSecret!, freshCardNumber())).body.status).toBe("succeeded");
  const row = await subscriptionBecomes(artist.artistId, "active");
  return { ...artist, subscriptionId: row.stripe_subscription_id, clientSecret: first.body.clientSecret! };
}

describe("Pro subscription", { timeout: 30_000 }, () => {
  it("is one $14.99/month subscription per artist, active only once its invoice is paid", async () => {
    const artist = await artistWithSong();
    const first = await subscribe(artist.browser);
    const again = await subscribe(artist.browser);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(await subscriptionOf(artist.artistId)).toMatchObject({ status: "incomplete", stripe_subscription_id: expect.stringMatching(/^sub_/) });
    const intent = await createStripe(env).paymentIntents.retrieve(intentIdOf(first.body.clientSecret!));
    expect([intent.amount, intent.currency]).toEqual([1499, "usd"]);

    // Not paid yet: the distribution fee is still charged.
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });
    expect((await songRow(artist.songId))?.package).toBe("expedited");

    expect((await payInBrowser(artist.browser, first.body.clientSecret!, freshCardNumber())).body.status).toBe("succeeded");
    const active = await subscriptionBecomes(artist.artistId, "active");
    expect(active.current_period_end).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    const afterwards = await subscribe(artist.browser);
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.error).toMatchObject({ code: "already_subscribed", message: "Your Pro subscription is already active." });
    expect((await subscribe(new Browser())).status).toBe(401);
  });

  it("pays a Pro artist's songs with no fee at the 8% split; cancellation brings the fee back", async () => {
    const artist = await proArtist();
    const res = await complete(artist.browser, artist.songId, "standard");
    expect(await res.json()).toEqual({ success: true, feeOption: "standard" });
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "pro", distribution_fee_cents: 0, revenue_split_bps: 800 });
    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([1499]);

    await createStripe(env).subscriptions.cancel(artist.subscriptionId);
    await subscriptionBecomes(artist.artistId, "canceled");
    // The invoice.paid event delivered again, late, does not turn Pro back on.
    const [invoice] = (await createStripe(env).invoices.list({ subscription: artist.subscriptionId, limit: 10 })).data;
    const events = await createStripe(env).events.list({ type: "invoice.paid", limit: 100 });
    const paidEvent = events.data.find((e) => (e.data.object as Stripe.Invoice).id === invoice!.id)!;
    expect((await deliverAgain(paidEvent)).status).toBe(200);
    expect((await subscriptionOf(artist.artistId))?.status).toBe("canceled");

    const next = await uploadSong(artist.browser, "After Pro");
    expect(await (await complete(artist.browser, next, "standard")).json()).toEqual({ success: true, feeOption: "standard" });
    expect(await songRow(next)).toMatchObject({ package: "standard", distribution_fee_cents: 9900, revenue_split_bps: 200 });
    // Subscribing again starts a new subscription.
    const renewed = await subscribe(artist.browser);
    expect(renewed.status).toBe(200);
    expect(renewed.body.clientSecret).not.toBe(artist.clientSecret);
  });

  it("posts a paid invoice's charge in the ledger once, however often invoice.paid arrives", async () => {
    const artist = await proArtist();
    const [invoice] = (await createStripe(env).invoices.list({ subscription: artist.subscriptionId, limit: 10 })).data;
    const ledgerOfInvoice = async () =>
      (
        await env.DB.prepare(
          "select e.account, e.amount_cents from ledger_transactions t join ledger_entries e on e.transaction_id = t.id where t.kind = 'subscription.invoice' and t.ref = ? order by e.account",
        )
          .bind(invoice!.id)
          .all<{ account: string; amount_cents: number }>()
      ).results;
    const posted = [
      { account: "platform:fees", amount_cents: 1499 },
      { account: "stripe:charges", amount_cents: -1499 },
    ];
    await vi.waitFor(async () => expect(await ledgerOfInvoice()).toEqual(posted), { timeout: 15_000, interval: 100 });
    // Delivered again (a retry, the cron's reconciliation): still one posting.
    const events = await createStripe(env).events.list({ type: "invoice.paid", limit: 100 });
    const paidEvent = events.data.find((e) => (e.data.object as Stripe.Invoice).id === invoice!.id)!;
    expect((await deliverAgain(paidEvent)).status).toBe(200);
    expect(await ledgerOfInvoice()).toEqual(posted);
  });

  it("turns Pro off when a renewal payment fails", async () => {
    const artist = await proArtist();
    expect((await sandboxAdmin(`/v1/test_helpers/subscriptions/${artist.subscriptionId}/fail_renewal`)).body).toMatchObject({ status: "past_due" });
    await subscriptionBecomes(artist.artistId, "past_due");
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "expedited", distribution_fee_cents: 4999 });
  });
});
