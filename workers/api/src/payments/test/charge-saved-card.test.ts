/**
 * The shared charge path every server-side payment uses: exactly one Stripe charge per payment row
 * whatever is retried, and the card-network rules (hard declines, 15 attempts per card in 30 days)
 * enforced before Stripe is called.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CARD_ATTEMPTS_PER_WINDOW } from "@jplay/schema/pricing";
import { createStripe } from "../../platform/stripe-client";
import { chargeSavedCard, type SavedCardCharge } from "../cards/charge-saved-card";
import { Browser, setUpArtist, TEST_CARD, testContext } from "../../../test/support";

async function savedCard(number: string) {
  const browser = new Browser();
  const { setup, saved } = await setUpArtist(browser, { ...TEST_CARD, number });
  expect(saved.status).toBe(200);
  const row = await env.DB.prepare(
    "SELECT a.id AS artistId, pm.id AS methodId, pm.stripe_payment_method_id AS pm, pm.fingerprint FROM artists a JOIN payment_methods pm ON pm.artist_id = a.id WHERE a.stripe_customer_id = ?",
  )
    .bind(setup.customerId)
    .first<{ artistId: string; methodId: string; pm: string; fingerprint: string }>();
  return { customerId: setup.customerId, ...row! };
}

async function claimPayment(artistId: string, amountCents = 4999) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO payments (id, artist_id, purpose, amount_cents) VALUES (?, ?, 'admin_retry', ?)").bind(id, artistId, amountCents).run();
  return id;
}

const charge = (card: Awaited<ReturnType<typeof savedCard>>, paymentId: string, offSession = true): SavedCardCharge => ({
  paymentId,
  stripeCustomerId: card.customerId,
  stripePaymentMethodId: card.pm,
  fingerprint: card.fingerprint,
  amountCents: 4999,
  offSession,
  description: "test charge",
});

const chargesOf = async (customerId: string) => (await createStripe(env).charges.list({ customer: customerId, limit: 100 })).data;
const paymentRow = (id: string) => env.DB.prepare("SELECT * FROM payments WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("chargeSavedCard", () => {
  it("charges a good card once, however often the same payment is tried", async () => {
    const card = await savedCard("4242424242424242");
    const paymentId = await claimPayment(card.artistId);
    const first = await chargeSavedCard(testContext(), charge(card, paymentId));
    const again = await chargeSavedCard(testContext(), charge(card, paymentId));
    expect(first.kind).toBe("succeeded");
    expect(again).toEqual(first);
    const charges = await chargesOf(card.customerId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 4999, paid: true });
    const attempts = await env.DB.prepare("SELECT count(*) AS n FROM card_attempts WHERE fingerprint = ?").bind(card.fingerprint).first<{ n: number }>();
    expect(attempts!.n).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({ stripe_payment_intent_id: expect.stringMatching(/^pi_/) });
  });

  it("records a soft decline on the payment and lets the card be tried again later", async () => {
    const card = await savedCard("4000000000000341");
    const paymentId = await claimPayment(card.artistId);
    const outcome = await chargeSavedCard(testContext(), charge(card, paymentId));
    expect(outcome).toMatchObject({ kind: "declined", declineCode: "generic_decline", hard: false });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed", decline_code: "generic_decline" });
    const next = await chargeSavedCard(testContext(), charge(card, await claimPayment(card.artistId)));
    expect(next.kind).toBe("declined");
  });

  it("never sends a card to Stripe again after a hard decline", async () => {
    const card = await savedCard("4242424242424242");
    // The card was reported stolen after it was saved: Stripe's first charge answers stolen_card.
    await env.DB.prepare("INSERT INTO card_attempts (id, fingerprint, outcome, decline_code) VALUES (?, ?, 'declined', 'stolen_card')")
      .bind(crypto.randomUUID(), card.fingerprint)
      .run();
    const paymentId = await claimPayment(card.artistId);
    const outcome = await chargeSavedCard(testContext(), charge(card, paymentId));
    expect(outcome).toMatchObject({ kind: "refused", refusal: { reason: "hard_decline", declineCode: "stolen_card" } });
    expect(await chargesOf(card.customerId)).toHaveLength(0);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "skipped", failure_code: "hard_decline" });
  });

  it(`refuses the ${CARD_ATTEMPTS_PER_WINDOW + 1}th attempt on one card within 30 days, even from concurrent payments`, async () => {
    // Fingerprints follow the card number, so this test has a number of its own.
    const card = await savedCard("5555555555554444");
    const paymentIds = await Promise.all(Array.from({ length: CARD_ATTEMPTS_PER_WINDOW + 5 }, () => claimPayment(card.artistId)));
    const outcomes = await Promise.all(paymentIds.map((id) => chargeSavedCard(testContext(), charge(card, id))));
    expect(outcomes.filter((o) => o.kind === "succeeded")).toHaveLength(CARD_ATTEMPTS_PER_WINDOW);
    expect(outcomes.filter((o) => o.kind === "refused").map((o) => (o.kind === "refused" ? o.refusal.reason : null))).toEqual(Array(5).fill("attempt_budget"));
    const attempts = await env.DB.prepare("SELECT count(*) AS n FROM card_attempts WHERE fingerprint = ?").bind(card.fingerprint).first<{ n: number }>();
    expect(attempts!.n).toBe(CARD_ATTEMPTS_PER_WINDOW);
  });
});
