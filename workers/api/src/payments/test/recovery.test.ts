/**
 * POST /api/distribute/{songId}/recovery: the discounted offers after a decline — card-network rules
 * first (no retry on a hard-declined card, at most 15 attempts per card in 30 days), the saved card
 * charged at the tier's price, a new card through the card form, and webhooks that cannot undo a payment.
 */
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { CARD_ATTEMPTS_PER_WINDOW } from "@jplay/schema/pricing";
import { createStripe } from "../../platform/stripe-client";
import {
  asEndpointReceives,
  approvalEvents,
  artistWithSong,
  authenticateInBrowser,
  cardAttempts,
  deliverEvents,
  chargesOf,
  complete,
  freshCardNumber,
  intentIdOf,
  payInBrowser,
  paymentsOf,
  recovery,
  sandboxAdmin,
  songPaid,
  songRow,
  uploadSong,
} from "../../../test/payment-support";
import type { AdminRecoveryPaymentsResponse } from "@jplay/schema/admin";
import { signedInOperator } from "../../../test/admin-support";
import { Browser } from "../../../test/support";

const checkout = (browser: Browser) => browser.postJson("/api/create-payment-intent", { amount: 9900 });

/** Stripe cannot reach our webhook endpoint for the rest of the test: its events stay pending. */
async function webhooksUnreachable() {
  await sandboxAdmin("/v1/test_helpers/webhooks", { paused: "true" });
  onTestFinished(() => sandboxAdmin("/v1/test_helpers/webhooks", { paused: "false" }).then(() => undefined));
}

const errorOf = async (response: Response) => (await response.json<{ error: { code: string; message: string } }>()).error;

const simulateCard = (paymentMethodId: string, behavesLike: string) =>
  sandboxAdmin(`/v1/test_helpers/payment_methods/${paymentMethodId}/simulate_card`, { behaves_like: behavesLike });

/** Posts a Stripe event to the webhook endpoint, signed like Stripe, as a late or repeated delivery would. */
async function redeliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: "whsec_test_jplay",
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const res = await new Browser().fetch("/api/webhooks/stripe", { method: "POST", headers: { "Stripe-Signature": header }, body: payload });
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

describe("recovery offers", { timeout: 30_000 }, () => {
  it("declined (4000 0000 0000 0341) → tier 1 declined → tier 2 declined → a new card pays the final offer", async () => {
    const artist = await artistWithSong("4000000000000341");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);

    const tier1 = await recovery(artist.browser, artist.songId, 1);
    expect(tier1.status).toBe(402);
    expect(await tier1.json()).toEqual({ suggestNextTier: true, nextTier: 2, message: expect.any(String) });

    const tier2 = await recovery(artist.browser, artist.songId, 2);
    expect(tier2.status).toBe(200);
    const offer = await tier2.json<{ clientSecret: string; success: boolean }>();
    expect(offer).toMatchObject({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), success: false });
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status])).toEqual([
      [1049, "failed"],
      [2049, "failed"],
      [9900, "failed"],
    ]);

    // The card form: a declined new card first, then a good one.
    const declined = await payInBrowser(artist.browser, offer.clientSecret, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await paymentsOf(artist.songId)).toContainEqual(expect.objectContaining({ package: "recovery_2", status: "requires_payment_method" }));
    const paid = await payInBrowser(artist.browser, offer.clientSecret, freshCardNumber());
    expect(paid.body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "recovery_2", distribution_fee_cents: 1049, revenue_split_bps: 4000 });
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status])[0]).toEqual([1049, "succeeded"]);
    // The browser's declined attempt counted against that card's budget.
    const declinedFingerprint = (await chargesOf(artist.customerId)).find(
      (c) => c.status === "failed" && c.amount === 1049 && c.payment_method !== artist.stripePaymentMethodId,
    )?.payment_method_details?.card?.fingerprint;
    expect(await cardAttempts(declinedFingerprint!)).toContainEqual(expect.objectContaining({ outcome: "declined", decline_code: "generic_decline" }));

    // A repeated success event and a late failure event (delivered again out of order) change nothing.
    const events = await createStripe(env).events.list({ limit: 100 });
    const intentId = intentIdOf(offer.clientSecret);
    const forIntent = (type: string) => asEndpointReceives(events.data.find((e) => e.type === type && (e.data.object as { id: string }).id === intentId)!);
    expect((await redeliver((await forIntent("payment_intent.succeeded")) as unknown as Record<string, unknown>)).body).toEqual({
      received: true,
      duplicate: true,
    });
    const lateFailure = { ...(await forIntent("payment_intent.payment_failed")), id: `evt_late_${crypto.randomUUID()}` };
    expect((await redeliver(lateFailure as unknown as Record<string, unknown>)).status).toBe(200);
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "recovery_2" });
    expect(await paymentsOf(artist.songId)).toContainEqual(expect.objectContaining({ package: "recovery_2", status: "succeeded" }));
    expect(await approvalEvents(artist.songId)).toBe(1);

    // Paid: further offers answer so, and charge nothing.
    expect(await (await recovery(artist.browser, artist.songId, 1)).json()).toEqual({ success: true, alreadyProcessed: true });
    expect(await chargesOf(artist.customerId)).toHaveLength(5);
  });

  it("never retries a hard-declined card at a discount (expired after it was saved): a new card pays", async () => {
    const artist = await artistWithSong();
    await simulateCard(artist.stripePaymentMethodId, "4000000000000069");
    const declined = await complete(artist.browser, artist.songId, "expedited");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { code: "expired_card" } });

    const tier1 = await recovery(artist.browser, artist.songId, 1);
    expect(tier1.status).toBe(200);
    const offer = await tier1.json<{ clientSecret: string }>();
    expect(offer).toEqual({
      clientSecret: expect.stringMatching(/^pi_/),
      success: false,
      requiresNewCard: true,
      message: "This card can't be charged again. Please use a different card.",
    });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);

    expect((await payInBrowser(artist.browser, offer.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "recovery_1", distribution_fee_cents: 2049, revenue_split_bps: 3000 });
  });

  it(`refuses the ${CARD_ATTEMPTS_PER_WINDOW + 1}th attempt on a card in 30 days and asks for a new card`, async () => {
    const artist = await artistWithSong();
    await simulateCard(artist.stripePaymentMethodId, "4000000000000341");
    // 14 attempts on this card in the last 30 days (other songs, other paths), one older that no longer counts.
    const day = 24 * 60 * 60 * 1000;
    for (let i = 0; i < CARD_ATTEMPTS_PER_WINDOW - 1; i++) {
      await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome, decline_code, attempted_at) VALUES (?, ?, 'declined', 'generic_decline', ?)")
        .bind(crypto.randomUUID(), artist.fingerprint, Date.now() - (i + 1) * day)
        .run();
    }
    await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome, attempted_at) VALUES (?, ?, 'succeeded', ?)")
      .bind(crypto.randomUUID(), artist.fingerprint, Date.now() - 31 * day)
      .run();

    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402); // the 15th
    const tier1 = await recovery(artist.browser, artist.songId, 1);
    expect(tier1.status).toBe(200);
    expect(await tier1.json()).toEqual({
      clientSecret: expect.stringMatching(/^pi_/),
      success: false,
      requiresNewCard: true,
      message: expect.stringContaining("limit of payment attempts"),
    });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);
  });

  it("charges the saved card at the tier's price when it works again", async () => {
    const artist = await artistWithSong();
    await simulateCard(artist.stripePaymentMethodId, "4000000000000341");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);
    await simulateCard(artist.stripePaymentMethodId, "4242424242424242");
    const tier1 = await recovery(artist.browser, artist.songId, 1);
    expect(await tier1.json()).toEqual({ success: true });
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "recovery_1", distribution_fee_cents: 2049, revenue_split_bps: 3000 });
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status])).toEqual([
      [2049, "succeeded"],
      [9900, "failed"],
    ]);
  });

  it("cancels the card form an earlier attempt left open, so its client secret can no longer pay", async () => {
    const artist = await artistWithSong();
    // Out of attempts for now: complete asks for a card; a card typed there is declined, and the
    // artist takes the offer instead of trying another.
    for (let i = 0; i < CARD_ATTEMPTS_PER_WINDOW; i++) {
      await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome) VALUES (?, ?, 'succeeded')")
        .bind(crypto.randomUUID(), artist.fingerprint)
        .run();
    }
    const first = await (await complete(artist.browser, artist.songId, "standard")).json<{ requiresPaymentMethod: boolean; clientSecret: string }>();
    expect(first.requiresPaymentMethod).toBe(true);
    expect((await payInBrowser(artist.browser, first.clientSecret, "4000000000000002")).status).toBe(402);
    const offer = await (await recovery(artist.browser, artist.songId, 1)).json<{ clientSecret: string }>();
    expect(offer.clientSecret).not.toBe(first.clientSecret);

    const stale = await payInBrowser(artist.browser, first.clientSecret, freshCardNumber());
    expect(stale.status).toBe(400);
    expect(await paymentsOf(artist.songId)).toMatchObject([
      { package: "standard", status: "failed", failure_code: "abandoned" },
      { package: "recovery_1", status: "requires_payment_method" },
    ]);
    expect((await payInBrowser(artist.browser, offer.clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "recovery_1" });
  });

  it("after a failed 3-D Secure challenge, tier 1 cancels that intent and asks for authentication again at the offer's price", async () => {
    const artist = await artistWithSong("4000002760003184");
    const first = await (await complete(artist.browser, artist.songId, "standard")).json<{ requiresAction: boolean; clientSecret: string }>();
    expect(first.requiresAction).toBe(true);
    expect((await authenticateInBrowser(artist.browser, first.clientSecret, "fail")).status).toBe("requires_payment_method");
    await vi.waitFor(async () => {
      await deliverEvents();
      expect(await paymentsOf(artist.songId)).toMatchObject([{ status: "requires_payment_method", failure_code: "payment_intent_authentication_failure" }]);
    });

    const tier1 = await (await recovery(artist.browser, artist.songId, 1)).json<{ clientSecret: string; success: boolean }>();
    expect(tier1).toEqual({ clientSecret: expect.stringMatching(/^pi_/), success: false, requiresAction: true });
    expect((await createStripe(env).paymentIntents.retrieve(intentIdOf(first.clientSecret))).status).toBe("canceled");
    expect((await authenticateInBrowser(artist.browser, tier1.clientSecret, "complete")).status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "recovery_1", distribution_fee_cents: 2049 });
    expect((await chargesOf(artist.customerId)).map((c) => [c.amount, c.status])).toEqual([[2049, "succeeded"]]);
  });

  it("makes offers only after a failure, for the owner, for tiers 1 and 2", async () => {
    const artist = await artistWithSong();
    const early = await recovery(artist.browser, artist.songId, 1);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: "offer_unavailable" } });
    for (const tier of [0, 3, "1", null]) expect((await recovery(artist.browser, artist.songId, tier)).status).toBe(400);

    await simulateCard(artist.stripePaymentMethodId, "4000000000000341");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);
    // The final offer follows a failed special offer only.
    expect((await recovery(artist.browser, artist.songId, 2)).status).toBe(409);
    const other = await artistWithSong();
    const foreign = await recovery(other.browser, artist.songId, 1);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "not_found", message: "Song not found" } });
    expect(await chargesOf(artist.customerId)).toHaveLength(1);
  });
});

describe("recovery offers follow written eligibility rules", { timeout: 30_000 }, () => {
  const offerUnavailable = async (response: Response) => {
    expect(response.status).toBe(409);
    return (await errorOf(response)).message;
  };

  it("no discount after a fraud decline (a card reported stolen after it was saved): the full fee stands", async () => {
    const artist = await artistWithSong();
    await simulateCard(artist.stripePaymentMethodId, "4000000000009979");
    const declined = await complete(artist.browser, artist.songId, "standard");
    expect(await declined.json()).toMatchObject({ error: { code: "stolen_card" } });

    expect(await offerUnavailable(await recovery(artist.browser, artist.songId, 1))).toBe(
      "Discounted offers are not available after your bank flagged a payment as possible fraud. Please pay the distribution fee with another card.",
    );
    expect((await recovery(artist.browser, artist.songId, 2)).status).toBe(409);
    expect(await paymentsOf(artist.songId)).toHaveLength(1);
    expect(await chargesOf(artist.customerId)).toHaveLength(1);
  });

  it("one offer per artist and per card in 90 days: a second declined song pays the full fee, and so does another artist's with that card", async () => {
    // A fresh card number: the sandbox, like Stripe, gives one number one fingerprint in every test.
    const cardNumber = freshCardNumber();
    const artist = await artistWithSong(cardNumber);
    await simulateCard(artist.stripePaymentMethodId, "4000000000000341");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);
    expect((await recovery(artist.browser, artist.songId, 1)).status).toBe(402); // declined at tier 1: an offer was made

    const second = await uploadSong(artist.browser, "Second Song");
    expect((await complete(artist.browser, second, "standard")).status).toBe(402);
    const refused = "A discounted offer was already used in the last 90 days. Please pay the distribution fee.";
    expect(await offerUnavailable(await recovery(artist.browser, second, 1))).toBe(refused);
    // The first song's own offer stays open: its tier 2 is the same offer.
    expect((await recovery(artist.browser, artist.songId, 2)).status).toBe(200);

    // Another artist who saved the same card (Stripe's fingerprint, as the declines' webhooks also
    // record it) gets no offer either.
    const other = await artistWithSong(cardNumber);
    expect(other.fingerprint).toBe(artist.fingerprint);
    await simulateCard(other.stripePaymentMethodId, "4000000000000341");
    expect((await complete(other.browser, other.songId, "standard")).status).toBe(402);
    expect(await offerUnavailable(await recovery(other.browser, other.songId, 1))).toBe(refused);

    // The operator sees each recovery payment with the decline that opened its tier.
    const listed = await (await (await signedInOperator()).fetch("/api/admin/recovery-payments")).json<AdminRecoveryPaymentsResponse>();
    const ofFirstSong = listed.payments.filter((payment) => payment.songId === artist.songId);
    const openedBy = { declineCode: "generic_decline", cardFingerprint: artist.fingerprint, attemptedAt: expect.any(String) };
    // Tier 2: the saved card's failed charge, then the card form's payment; tier 1: the saved card's failed charge.
    expect(ofFirstSong.map(({ tier, amountCents, status, openedBy }) => ({ tier, amountCents, status, openedBy }))).toEqual([
      expect.objectContaining({ tier: 2 }),
      expect.objectContaining({ tier: 2 }),
      { tier: 1, amountCents: 2049, status: "failed", openedBy },
    ]);
    expect(ofFirstSong.filter((payment) => payment.tier === 2).map(({ amountCents, status, openedBy }) => ({ amountCents, status, openedBy }))).toEqual(
      expect.arrayContaining([
        { amountCents: 1049, status: "failed", openedBy },
        { amountCents: 1049, status: "requires_payment_method", openedBy },
      ]),
    );
    // Each tier names the decline at the stage before it: tier 2 the special offer's, tier 1 the fee's.
    const [tier2, , tier1] = ofFirstSong;
    expect(Date.parse(tier2!.openedBy!.attemptedAt)).toBeGreaterThan(Date.parse(tier1!.openedBy!.attemptedAt));

    // 91 days later the artist may be rescued again.
    await env.DB.prepare("UPDATE payments SET created_at = created_at - ? WHERE song_id = ? AND purpose = 'recovery'")
      .bind(91 * 24 * 60 * 60 * 1000, artist.songId)
      .run();
    expect((await recovery(artist.browser, second, 1)).status).toBe(402);
  });
});

describe("recovery offers follow a real decline only", { timeout: 30_000 }, () => {
  it("an open PaymentIntent from create-payment-intent, with no card tried on it, unlocks no discount", async () => {
    const artist = await artistWithSong();
    const open = await checkout(artist.browser);
    expect(open.status).toBe(200);
    const { clientSecret } = await open.json<{ clientSecret: string }>();

    for (const tier of [1, 2] as const) {
      const refused = await recovery(artist.browser, artist.songId, tier);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toEqual({
        code: "offer_unavailable",
        message:
          tier === 1
            ? "Recovery offers follow a declined card payment for this song. Please pay the distribution fee first."
            : "The final offer follows a declined payment of the special offer. Please accept the special offer first.",
      });
    }
    // Nothing was charged or claimed, and the one-off form the artist left is still theirs to pay at $99.00.
    expect(await chargesOf(artist.customerId)).toEqual([]);
    expect(await paymentsOf(artist.songId)).toMatchObject([{ purpose: "checkout", status: "requires_payment_method", amount_cents: 9900 }]);
    expect((await createStripe(env).paymentIntents.retrieve(intentIdOf(clientSecret))).status).toBe("requires_payment_method");
    expect((await payInBrowser(artist.browser, clientSecret, freshCardNumber())).body.status).toBe("succeeded");
    expect(await songPaid(artist.songId)).toMatchObject({ package: "standard", distribution_fee_cents: 9900 });
  });

  it("a card form left without a card tried on it (the saved card out of attempts) unlocks no discount", async () => {
    const artist = await artistWithSong();
    for (let i = 0; i < CARD_ATTEMPTS_PER_WINDOW; i++) {
      await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome) VALUES (?, ?, 'succeeded')")
        .bind(crypto.randomUUID(), artist.fingerprint)
        .run();
    }
    const form = await (await complete(artist.browser, artist.songId, "expedited")).json<{ requiresPaymentMethod?: boolean }>();
    expect(form.requiresPaymentMethod).toBe(true);
    expect((await recovery(artist.browser, artist.songId, 1)).status).toBe(409);
    expect(await chargesOf(artist.customerId)).toEqual([]);
  });

  it("a card declined in the one-off card form opens tier 1, even before Stripe's webhook arrives", async () => {
    const artist = await artistWithSong();
    await webhooksUnreachable();
    const { clientSecret } = await (await checkout(artist.browser)).json<{ clientSecret: string }>();
    // A declining card no other test here declines with: one card opens one recovery offer in 90 days.
    expect((await payInBrowser(artist.browser, clientSecret, "4000000000009995")).status).toBe(402);
    // The decline is not recorded yet (its webhook is pending): the offer asks Stripe.
    expect(await paymentsOf(artist.songId)).toMatchObject([{ purpose: "checkout", status: "requires_payment_method", decline_code: null }]);

    const tier1 = await recovery(artist.browser, artist.songId, 1);
    expect(await tier1.json()).toEqual({ success: true });
    expect(await songRow(artist.songId)).toMatchObject({ status: "approved", package: "recovery_1", distribution_fee_cents: 2049 });
  });

  it("tier 2 needs a decline at tier 1 on the card declined first: a tier-1 card form left unpaid is none, another card's decline is none", async () => {
    const artist = await artistWithSong();
    await simulateCard(artist.stripePaymentMethodId, "4000000000000069");
    expect((await complete(artist.browser, artist.songId, "standard")).status).toBe(402);
    // Expired card (a hard decline): tier 1 is the card form for a new card.
    const tier1 = await (await recovery(artist.browser, artist.songId, 1)).json<{ clientSecret: string; requiresNewCard: boolean }>();
    expect(tier1.requiresNewCard).toBe(true);

    const early = await recovery(artist.browser, artist.songId, 2);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe("The final offer follows a declined payment of the special offer. Please accept the special offer first.");

    // A new card declined at $20.49 is another card than the one declined first: no final offer.
    expect((await payInBrowser(artist.browser, tier1.clientSecret, "4000000000000002")).status).toBe(402);
    const tier2 = await recovery(artist.browser, artist.songId, 2);
    expect(tier2.status).toBe(409);
    expect((await errorOf(tier2)).message).toBe(
      "The final offer follows a declined special offer on the card that was declined first. Please pay the special offer.",
    );
    expect(await paymentsOf(artist.songId)).not.toContainEqual(expect.objectContaining({ package: "recovery_2" }));
  });
});
