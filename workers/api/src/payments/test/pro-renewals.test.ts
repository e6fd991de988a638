/**
 * Pro over time, against the Stripe sandbox's clock (docs/decisions/023-pro-renewals.md): the card
 * that paid the first invoice pays the renewals (`save_default_payment_method: on_subscription`); a
 * declined renewal leaves Pro off (past_due) while Billing retries it, and ends it when the retries are
 * spent (or marks it unpaid, treated as ended); a renewal whose bank asks for 3-D Secure is texted to the artist (once) with a link to their
 * page, which confirms it with the saved card and shows Pro back on; a first invoice left unpaid for 23 hours expires the subscription, leaving the artist not Pro and free
 * to start again (one new subscription, even for racing calls); and the artist ends Pro at the end of
 * the period paid for from their private page — or takes that back before then — so "cancel any
 * time" is true. Its own file: moving the sandbox clock renews or expires every subscription there.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type Stripe from "stripe";
import type { ProPlanResponse, RenewalConfirmationResponse } from "@jplay/schema/pro-plan";
import { createStripe } from "../../platform/stripe-client";
import { issueArtistLink } from "../../access/artist-links";
import { applyStripeEvent } from "../webhooks/stripe-events";
import {
  artistWithSong,
  authenticateInBrowser,
  chargesOf,
  complete,
  confirmNewCard,
  deliverEvents,
  finishNewCard,
  freshCardNumber,
  payInBrowser,
  sandboxAdmin,
  songRow,
} from "../../../test/payment-support";
import { Browser, phoneConfirmedFor, testContext } from "../../../test/support";

const stripe = createStripe(env);
const HOUR = 60 * 60;

const subscribe = async (browser: Browser) => {
  const res = await browser.fetch("/api/get-or-create-subscription", { method: "POST" });
  return { status: res.status, body: await res.json<{ clientSecret?: string; error?: { code: string; message: string } }>() };
};

interface SubscriptionRow {
  id: string;
  status: string;
  stripe_subscription_id: string;
  current_period_end: number | null;
  cancel_at_period_end: number;
  renewal_action_invoice_id: string | null;
}
const subscriptionOf = (artistId: string) => env.DB.prepare("SELECT * FROM subscriptions WHERE artist_id = ?").bind(artistId).first<SubscriptionRow>();

/** Waits until the webhooks have brought the artist's subscription row to a state `check` accepts. */
const subscriptionReaches = (artistId: string, check: (row: SubscriptionRow) => boolean, label: string) =>
  vi.waitFor(
    async () => {
      await deliverEvents();
      const row = await subscriptionOf(artistId);
      if (!row || !check(row)) throw new Error(`subscription is not ${label}: ${JSON.stringify(row)}`);
      return row;
    },
    { timeout: 10_000, interval: 50 },
  );

/** Moves the sandbox clock; the sandbox's next call does what came due (renewals, expiries). Answers its time. */
async function advanceClock(seconds: number): Promise<number> {
  const moved = await sandboxAdmin("/v1/test_helpers/advance_clock", { seconds: String(seconds) });
  expect(moved.status).toBe(200);
  return moved.body.now as number;
}

/** Moves the sandbox clock an hour past `ms` (a period end as the product stores it). */
async function passTime(ms: number) {
  const now = await advanceClock(1);
  await advanceClock(Math.ceil(ms / 1000) - now + HOUR);
}

/** An artist with a saved card, a song, a Pro subscription paid by another new card, and their page's token. */
async function proArtist() {
  const artist = await artistWithSong();
  const first = await subscribe(artist.browser);
  expect(first.status).toBe(200);
  const paid = await payInBrowser(artist.browser, first.body.clientSecret!, freshCardNumber());
  expect(paid.body.status).toBe("succeeded");
  const row = await subscriptionReaches(artist.artistId, (r) => r.status === "active", "active");
  const token = await issueArtistLink(testContext(), artist.artistId);
  return { ...artist, subscriptionId: row.stripe_subscription_id, periodEnd: row.current_period_end!, token, clientSecret: first.body.clientSecret! };
}

/** The texts the artist was sent of one kind, oldest first. */
const textsOf = async (artistId: string, kind: string) =>
  (
    await env.DB.prepare("SELECT body, status FROM text_messages WHERE artist_id = ? AND kind = ? ORDER BY created_at")
      .bind(artistId, kind)
      .all<{ body: string; status: string }>()
  ).results;

/** How many private page links the artist has been issued. */
const linksOf = async (artistId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM artist_links WHERE artist_id = ?").bind(artistId).first<{ n: number }>())!.n;

const confirmRenewal = async (token: string) => {
  const res = await new Browser().fetch(`/api/artist/${token}/pro/renewal-confirmation`, { method: "POST" });
  expect(res.status).toBe(200);
  return res.json<RenewalConfirmationResponse>();
};

/** A Pro artist whose card now declines, past the period's end: the renewal failed and the subscription is past_due. */
async function proArtistWhoseRenewalDeclined() {
  const artist = await proArtist();
  const subscription = await stripe.subscriptions.retrieve(artist.subscriptionId);
  expect(
    (
      await sandboxAdmin(`/v1/test_helpers/payment_methods/${subscription.default_payment_method as string}/simulate_card`, {
        behaves_like: "4000000000000341",
      })
    ).status,
  ).toBe(200);
  await passTime(artist.periodEnd);
  await subscriptionReaches(artist.artistId, (r) => r.status === "past_due", "past_due");
  return artist;
}

const proPlanOf = async (token: string) => {
  const res = await new Browser().fetch(`/api/artist/${token}/pro`);
  return { status: res.status, body: await res.json<ProPlanResponse & { error?: { code: string; message: string } }>() };
};
const changePro = async (token: string, change: "cancel" | "resume") => {
  const res = await new Browser().fetch(`/api/artist/${token}/pro/${change}`, { method: "POST" });
  return { status: res.status, body: await res.json<ProPlanResponse & { error?: { code: string; message: string } }>() };
};

describe("renewals", { timeout: 60_000 }, () => {
  it("subscribes with save_default_payment_method=on_subscription: the card that paid the first invoice pays the renewal, and Pro stays on", async () => {
    const artist = await proArtist();
    const subscription = await stripe.subscriptions.retrieve(artist.subscriptionId);
    expect(subscription.payment_settings?.save_default_payment_method).toBe("on_subscription");
    const [firstCharge] = await chargesOf(artist.customerId);
    // Not the card saved on /distribute (the customer's invoice default): the one paid with on /subscribe.
    expect(subscription.default_payment_method).toBe(firstCharge!.payment_method);
    expect(subscription.default_payment_method).not.toBe(artist.stripePaymentMethodId);

    await passTime(artist.periodEnd);
    const renewed = await subscriptionReaches(artist.artistId, (r) => r.current_period_end! > artist.periodEnd, "renewed");
    expect(renewed.status).toBe("active");
    expect(renewed.current_period_end! - artist.periodEnd).toBeGreaterThan(27 * 24 * HOUR * 1000);
    const charges = await chargesOf(artist.customerId);
    expect(charges.map((c) => [c.amount, c.status, c.payment_method])).toEqual([
      [1499, "succeeded", subscription.default_payment_method],
      [1499, "succeeded", subscription.default_payment_method],
    ]);
    // Still Pro after the renewal: no fee, the 8% split.
    expect(await (await complete(artist.browser, artist.songId, "standard")).json()).toEqual({ success: true, feeOption: "standard" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "pro", distribution_fee_cents: 0 });
  });

  it("a declined renewal turns Pro off (past_due); the page says so and still offers to end it", async () => {
    const artist = await proArtistWhoseRenewalDeclined();
    expect((await proPlanOf(artist.token)).body.pro).toMatchObject({ status: "past_due", cancelAtPeriodEnd: false });
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "expedited", distribution_fee_cents: 4999 });
  });

  it("a card replaced on the artist's page pays the failed renewal at once: Pro is back without waiting for Billing's retry", async () => {
    const artist = await proArtistWhoseRenewalDeclined();

    const page = new Browser();
    const replaced = await finishNewCard(page, artist.token, await confirmNewCard(page, artist.token, freshCardNumber()));
    expect(replaced.status).toBe(200);
    await subscriptionReaches(artist.artistId, (r) => r.status === "active", "active");
    const renewed = await stripe.subscriptions.retrieve(artist.subscriptionId, { expand: ["latest_invoice"] });
    expect(renewed.latest_invoice).toMatchObject({ status: "paid", billing_reason: "subscription_cycle" });
    expect((await proPlanOf(artist.token)).body.pro).toMatchObject({ status: "active" });
    // The first period, the declined renewal, and the renewal the new card paid.
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status]).sort()).toEqual([
      [1499, "failed"],
      [1499, "succeeded"],
      [1499, "succeeded"],
    ]);
  });

  it("a renewal the bank wants confirmed (3-D Secure): Pro is off, the artist is texted a link once, and their page confirms it with the saved card; Pro is back", async () => {
    const artist = await proArtist();
    // The artist confirmed their phone (texts/phone-confirmation.ts): texts to it carry the page's link.
    await phoneConfirmedFor(artist.artistId);
    const linksBefore = await linksOf(artist.artistId);
    const subscription = await stripe.subscriptions.retrieve(artist.subscriptionId);
    expect(
      (
        await sandboxAdmin(`/v1/test_helpers/payment_methods/${subscription.default_payment_method as string}/simulate_card`, {
          behaves_like: "4000002760003184",
        })
      ).status,
    ).toBe(200);
    await passTime(artist.periodEnd);
    const waiting = await subscriptionReaches(
      artist.artistId,
      (r) => r.status === "past_due" && r.renewal_action_invoice_id !== null,
      "waiting for the artist's confirmation",
    );

    const [text, ...more] = await textsOf(artist.artistId, "renewal_needs_confirmation");
    expect(more).toHaveLength(0);
    // The link's token may already be hidden: the queue's consumer sends (here, logs) the text at once.
    expect(text!.body).toMatch(
      /^JPlay: your bank asks you to confirm your Pro renewal of \$14\.99\. Pro is off until you do\. Confirm it on your private artist page: http\S+\/artist\/(\[link hidden\]|[A-Za-z0-9_-]{20,}) Reply STOP to opt out\.$/,
    );
    // A fresh link was issued for the text: the one from the page's setup and this one.
    expect(await linksOf(artist.artistId)).toBe(linksBefore + 1);
    const token = artist.token;
    expect((await proPlanOf(token)).body.pro).toMatchObject({ status: "past_due", renewalNeedsConfirmation: true });
    // Without confirmation Pro is off: the standard fee applies.
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });

    // Billing's retry asks the bank again: the invoice is the same, so no second text.
    await advanceClock(3 * 24 * HOUR);
    await deliverEvents();
    expect(await textsOf(artist.artistId, "renewal_needs_confirmation")).toHaveLength(1);

    const started = await confirmRenewal(token);
    expect(started.pro).toMatchObject({ status: "past_due", renewalNeedsConfirmation: true });
    expect(started.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_/);
    // The browser runs the bank's challenge for the saved card (no card typed).
    expect((await authenticateInBrowser(new Browser(), started.clientSecret!, "complete")).status).toBe("succeeded");
    // Read back from Stripe at once, before any webhook: Pro is on and nothing is left to confirm.
    const confirmed = await confirmRenewal(token);
    expect(confirmed).toEqual({ pro: expect.objectContaining({ status: "active", renewalNeedsConfirmation: false }), clientSecret: null });
    const renewed = await subscriptionReaches(artist.artistId, (r) => r.status === "active" && r.renewal_action_invoice_id === null, "active");
    expect(renewed.current_period_end).toBe(waiting.current_period_end);
    const invoice = await stripe.invoices.retrieve(waiting.renewal_action_invoice_id!);
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_cycle", amount_paid: 1499 });

    // Stripe does not promise order: the action-required event, carrying the invoice as it was (open),
    // arriving only now finds the renewal paid and changes nothing, and texts nothing more.
    const late = {
      id: `evt_late_${crypto.randomUUID()}`,
      object: "event",
      type: "invoice.payment_action_required",
      data: { object: { ...invoice, status: "open" } },
    } as unknown as Stripe.Event;
    await applyStripeEvent(testContext(), late, "http://jplay.test");
    expect((await subscriptionOf(artist.artistId))!.renewal_action_invoice_id).toBeNull();
    expect(await textsOf(artist.artistId, "renewal_needs_confirmation")).toHaveLength(1);
    expect((await proPlanOf(token)).body.pro).toMatchObject({ status: "active", renewalNeedsConfirmation: false });
  });

  it("a renewal to confirm is texted without a link while the artist's phone is not confirmed", async () => {
    const artist = await proArtist();
    const subscription = await stripe.subscriptions.retrieve(artist.subscriptionId);
    expect(
      (
        await sandboxAdmin(`/v1/test_helpers/payment_methods/${subscription.default_payment_method as string}/simulate_card`, {
          behaves_like: "4000002760003184",
        })
      ).status,
    ).toBe(200);
    await passTime(artist.periodEnd);
    await subscriptionReaches(artist.artistId, (r) => r.renewal_action_invoice_id !== null, "waiting for the artist's confirmation");
    const [text] = await textsOf(artist.artistId, "renewal_needs_confirmation");
    expect(text!.body).toBe(
      "JPlay: your bank asks you to confirm your Pro renewal of $14.99. Pro is off until you do. Confirm it on your private artist page. Reply STOP to opt out.",
    );
    expect((await proPlanOf(artist.token)).body.pro).toMatchObject({ renewalNeedsConfirmation: true });
  });

  it("a page with nothing to confirm answers the plan without a client secret", async () => {
    const artist = await proArtist();
    expect(await confirmRenewal(artist.token)).toEqual({
      pro: expect.objectContaining({ status: "active", renewalNeedsConfirmation: false }),
      clientSecret: null,
    });
    expect((await new Browser().fetch(`/api/artist/${"x".repeat(43)}/pro/renewal-confirmation`, { method: "POST" })).status).toBe(404);
  });

  it("dunning's end ends Pro: Billing retries the declined renewal for a week, then cancels it; the page shows no plan and fees apply", async () => {
    const artist = await proArtistWhoseRenewalDeclined();
    // Billing's retries, 3, 5 and 7 days after the first attempt, each declined; then the subscription is canceled.
    await advanceClock(7 * 24 * HOUR);
    await subscriptionReaches(artist.artistId, (r) => r.status === "canceled", "canceled");
    expect((await stripe.subscriptions.retrieve(artist.subscriptionId)).cancellation_details?.reason).toBe("payment_failed");
    expect((await proPlanOf(artist.token)).body.pro).toBeNull();
    expect(await (await complete(artist.browser, artist.songId, "standard")).json()).toEqual({ success: true, feeOption: "standard" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "standard", distribution_fee_cents: 9900 });
  });
});

describe("dunning's end marking the subscription unpaid (Billing's other setting)", { timeout: 60_000 }, () => {
  it("is treated as ended: Pro off, no plan on the page, fees apply; subscribing again cancels it and starts one new subscription", async () => {
    expect((await sandboxAdmin("/v1/test_helpers/billing_settings", { after_retries: "unpaid" })).status).toBe(200);
    onTestFinished(async () => {
      expect((await sandboxAdmin("/v1/test_helpers/billing_settings", { after_retries: "cancel" })).status).toBe(200);
    });
    const artist = await proArtistWhoseRenewalDeclined();
    await advanceClock(7 * 24 * HOUR);
    await subscriptionReaches(artist.artistId, (r) => r.status === "unpaid", "unpaid");
    expect((await stripe.subscriptions.retrieve(artist.subscriptionId)).status).toBe("unpaid");
    expect((await proPlanOf(artist.token)).body.pro).toBeNull();
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "expedited", distribution_fee_cents: 4999 });

    const again = await subscribe(artist.browser);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).not.toBe(artist.clientSecret);
    expect((await stripe.subscriptions.retrieve(artist.subscriptionId)).status).toBe("canceled");
    const row = await subscriptionOf(artist.artistId);
    expect(row).toMatchObject({ status: "incomplete" });
    expect(row!.stripe_subscription_id).not.toBe(artist.subscriptionId);
    expect((await payInBrowser(artist.browser, again.body.clientSecret!, freshCardNumber())).body.status).toBe("succeeded");
    await subscriptionReaches(artist.artistId, (r) => r.status === "active", "active");
  });
});

describe("an unpaid first invoice", { timeout: 60_000 }, () => {
  it("expires after 23 hours: the artist is not Pro, and subscribing again starts one new subscription, even for racing calls", async () => {
    const artist = await artistWithSong();
    const first = await subscribe(artist.browser);
    const expiredId = (await subscriptionOf(artist.artistId))!.stripe_subscription_id;
    await advanceClock(23 * HOUR + 60);
    await subscriptionReaches(artist.artistId, (r) => r.status === "incomplete_expired", "incomplete_expired");
    expect((await proPlanOf(await issueArtistLink(testContext(), artist.artistId))).body.pro).toBeNull();
    // Not Pro: the fee is charged.
    expect(await (await complete(artist.browser, artist.songId, "expedited")).json()).toEqual({ success: true, feeOption: "expedited" });
    expect((await songRow(artist.songId))?.package).toBe("expedited");
    // The page that kept the old client secret can no longer pay it.
    expect((await payInBrowser(artist.browser, first.body.clientSecret!, freshCardNumber())).status).toBe(400);

    const [a, b] = await Promise.all([subscribe(artist.browser), subscribe(artist.browser)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.clientSecret).toBe(b.body.clientSecret);
    expect(a.body.clientSecret).not.toBe(first.body.clientSecret);
    const all = await stripe.subscriptions.list({ customer: artist.customerId, status: "all", limit: 10 });
    expect(all.data.map((s) => s.status).sort()).toEqual(["incomplete", "incomplete_expired"]);
    expect(all.data.find((s) => s.status === "incomplete_expired")!.id).toBe(expiredId);
    expect((await subscriptionOf(artist.artistId))!.stripe_subscription_id).not.toBe(expiredId);

    expect((await payInBrowser(artist.browser, a.body.clientSecret!, freshCardNumber())).body.status).toBe("succeeded");
    await subscriptionReaches(artist.artistId, (r) => r.status === "active", "active");
  });

  it("found expired before its webhook arrives: subscribing again reads Stripe and starts a new one", async () => {
    const artist = await artistWithSong();
    const first = await subscribe(artist.browser);
    const expiredId = (await subscriptionOf(artist.artistId))!.stripe_subscription_id;
    expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
    onTestFinished(async () => {
      await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" });
    });
    await advanceClock(23 * HOUR + 60);
    expect((await subscriptionOf(artist.artistId))!.status).toBe("incomplete");

    const again = await subscribe(artist.browser);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).not.toBe(first.body.clientSecret);
    expect((await stripe.subscriptions.retrieve(expiredId)).status).toBe("incomplete_expired");
    // The late webhook about the old subscription changes nothing about the new one.
    await deliverEvents();
    expect(await subscriptionOf(artist.artistId)).toMatchObject({ status: "incomplete", stripe_subscription_id: expect.not.stringMatching(expiredId) });
  });
});

describe("ending Pro from the artist page", { timeout: 60_000 }, () => {
  it("shows the plan and the next renewal date; cancel keeps Pro until the period ends; resume before then takes it back", async () => {
    const artist = await proArtist();
    const periodEnd = new Date(artist.periodEnd).toISOString();
    expect(await proPlanOf(artist.token)).toEqual({
      status: 200,
      body: {
        pro: { status: "active", amountCents: 1499, interval: "month", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, renewalNeedsConfirmation: false },
      },
    });

    const canceled = await changePro(artist.token, "cancel");
    expect(canceled).toMatchObject({ status: 200, body: { pro: { status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd } } });
    expect(await stripe.subscriptions.retrieve(artist.subscriptionId)).toMatchObject({ status: "active", cancel_at_period_end: true });
    // Asking twice changes nothing more.
    expect((await changePro(artist.token, "cancel")).body.pro).toMatchObject({ cancelAtPeriodEnd: true });
    // Still Pro until the period ends.
    expect(await (await complete(artist.browser, artist.songId, "standard")).json()).toEqual({ success: true, feeOption: "standard" });
    expect((await songRow(artist.songId))?.package).toBe("pro");

    const resumed = await changePro(artist.token, "resume");
    expect(resumed).toMatchObject({ status: 200, body: { pro: { status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd } } });
    expect((await stripe.subscriptions.retrieve(artist.subscriptionId)).cancel_at_period_end).toBe(false);
    expect((await subscriptionOf(artist.artistId))!.cancel_at_period_end).toBe(0);
  });

  it("canceled, Pro ends when the period does: no renewal charge, Pro off, the plan gone from the page, and subscribing again starts anew", async () => {
    const artist = await proArtist();
    expect((await changePro(artist.token, "cancel")).status).toBe(200);
    await passTime(artist.periodEnd);
    await subscriptionReaches(artist.artistId, (r) => r.status === "canceled", "canceled");

    expect((await chargesOf(artist.customerId)).map((c) => c.amount)).toEqual([1499]);
    expect((await proPlanOf(artist.token)).body.pro).toBeNull();
    const late = await changePro(artist.token, "resume");
    expect(late).toMatchObject({ status: 409, body: { error: { code: "no_pro_subscription" } } });
    expect(await (await complete(artist.browser, artist.songId, "standard")).json()).toEqual({ success: true, feeOption: "standard" });
    expect(await songRow(artist.songId)).toMatchObject({ package: "standard", distribution_fee_cents: 9900 });
    const again = await subscribe(artist.browser);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).not.toBe(artist.clientSecret);
  });

  it("resuming after the period ended but before its webhook arrived answers that Pro ended", async () => {
    const artist = await proArtist();
    expect((await changePro(artist.token, "cancel")).status).toBe(200);
    expect((await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" })).status).toBe(200);
    onTestFinished(async () => {
      await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" });
    });
    await passTime(artist.periodEnd);
    expect((await subscriptionOf(artist.artistId))!.status).toBe("active");
    expect(await changePro(artist.token, "resume")).toMatchObject({ status: 409, body: { error: { code: "pro_subscription_ended" } } });
    expect((await subscriptionOf(artist.artistId))!.status).toBe("canceled");
  });

  it("follows a cancellation made in Stripe's Dashboard (the webhook), and refuses without a live subscription or a valid link", async () => {
    const artist = await proArtist();
    await stripe.subscriptions.update(artist.subscriptionId, { cancel_at_period_end: true });
    await subscriptionReaches(artist.artistId, (r) => r.cancel_at_period_end === 1, "set to cancel");
    expect((await proPlanOf(artist.token)).body.pro).toMatchObject({ cancelAtPeriodEnd: true });

    const never = await artistWithSong();
    const neverToken = await issueArtistLink(testContext(), never.artistId);
    expect(await proPlanOf(neverToken)).toEqual({ status: 200, body: { pro: null } });
    expect(await changePro(neverToken, "cancel")).toMatchObject({ status: 409, body: { error: { code: "no_pro_subscription" } } });
    expect((await changePro("A".repeat(43), "cancel")).status).toBe(404);
    expect((await proPlanOf("A".repeat(43))).status).toBe(404);
    expect((await new Browser().fetch(`/api/artist/${artist.token}/pro/pause`, { method: "POST" })).status).toBe(404);
  });
});
