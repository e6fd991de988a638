/**
 * Refunds in the sandbox, as Stripe documents them (https://docs.stripe.com/refunds,
 * https://docs.stripe.com/api/refunds): by PaymentIntent or charge, all that remains by default, the
 * charge's refunded amount and the platform balance following; Stripe's refusals (already refunded,
 * more than remains, nothing succeeded to refund); idempotency keys; and test card 4000 0000 0000 5126,
 * whose refund succeeds and then fails later on the sandbox clock (https://docs.stripe.com/testing#refunds);
 * and a refund the available balance cannot cover on an account that does not debit its bank, held
 * pending until funds arrive (https://docs.stripe.com/refunds).
 */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { REFUND_FAILS_AFTER_SECONDS } from "../src/money/refunds";
import { SANDBOX_PUBLISHABLE_KEY, advanceClock, call, eventsFor as eventsAbout, sandboxStripe, stripeError } from "./support";

const stripe = sandboxStripe();
const eventsFor = (objectId: string) => eventsAbout(stripe, objectId);

/** The platform's available USD balance now. */
const available = async () => (await stripe.balance.retrieve()).available.find((entry) => entry.currency === "usd")!.amount;

/** A card as the browser's form creates it (the publishable key), for test numbers with no `pm_card_…` id. */
async function browserCard(number: string): Promise<string> {
  const created = await call(
    "POST",
    "/v1/payment_methods",
    { type: "card", "card[number]": number, "card[exp_month]": "12", "card[exp_year]": "2034", "card[cvc]": "123" },
    SANDBOX_PUBLISHABLE_KEY,
  );
  expect(created.status, created.text).toBe(200);
  return created.json.id as string;
}

const paid = (amount = 9900, paymentMethod = "pm_card_visa") =>
  stripe.paymentIntents.create({ amount, currency: "usd", payment_method: paymentMethod, confirm: true });
const chargeOf = async (intent: Stripe.PaymentIntent) => stripe.charges.retrieve(intent.latest_charge as string);

describe("refunding a payment", () => {
  it("refunds all that remains by default: the charge says refunded, the lists show it, the balance goes down, Stripe's events are sent", async () => {
    const intent = await paid(9900);
    const before = await available();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: "requested_by_customer", metadata: { refundId: "ours-1" } });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 9900,
      currency: "usd",
      status: "succeeded",
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: "requested_by_customer",
      metadata: { refundId: "ours-1" },
    });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);

    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 9900, refunded: true });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.id)).toEqual([refund.id]);
    expect((await stripe.refunds.list({ charge: intent.latest_charge as string })).data.map((r) => r.id)).toEqual([refund.id]);
    // Stripe keeps its fee: the whole amount leaves the balance.
    expect(await available()).toBe(before - 9900);
    const transaction = await stripe.balanceTransactions.retrieve(refund.balance_transaction as string);
    expect(transaction).toMatchObject({ type: "refund", amount: -9900, fee: 0, net: -9900, source: refund.id });

    expect((await eventsFor(refund.id)).map((e) => e.type)).toEqual(["refund.created"]);
    expect((await eventsFor(intent.latest_charge as string)).map((e) => e.type)).toContain("charge.refunded");
  });

  it("refunds part by charge, then the rest; a third refund is charge_already_refunded and one for more than remains is refused", async () => {
    const intent = await paid(5000);
    const charge = intent.latest_charge as string;
    const first = await stripe.refunds.create({ charge, amount: 2000 });
    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 2000, refunded: false });

    const tooMuch = await stripeError(stripe.refunds.create({ charge, amount: 3001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, param: "amount", message: "Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)" });

    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3000);
    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect((await stripe.refunds.list({ charge })).data.map((r) => r.id)).toEqual([rest.id, first.id]);

    const again = await stripeError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded", message: `Charge ${charge} has already been refunded.` });
    expect((await stripe.refunds.list({ charge })).data).toHaveLength(2);
  });

  it("refuses more than the charge, a PaymentIntent that has not succeeded, and a request naming nothing", async () => {
    const intent = await paid(1000);
    expect(await stripeError(stripe.refunds.create({ payment_intent: intent.id, amount: 1001 }))).toMatchObject({
      statusCode: 400,
      param: "amount",
      message: "Refund amount ($10.01) is greater than charge amount ($10.00)",
    });
    expect(await stripeError(stripe.refunds.create({ payment_intent: intent.id, amount: 0 }))).toMatchObject({ statusCode: 400, param: "amount" });

    const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" });
    expect(await stripeError(stripe.refunds.create({ payment_intent: unpaid.id }))).toMatchObject({
      statusCode: 400,
      param: "payment_intent",
      message: `This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`,
    });
    const declined = await stripeError(paid(1000, "pm_card_chargeDeclined"));
    const declinedIntent = (declined.raw as { payment_intent: { id: string } }).payment_intent.id;
    expect(await stripeError(stripe.refunds.create({ payment_intent: declinedIntent }))).toMatchObject({ statusCode: 400, param: "payment_intent" });

    expect(await stripeError(stripe.refunds.create({}))).toMatchObject({ statusCode: 400, code: "parameter_missing" });
    expect(await stripeError(stripe.refunds.retrieve("re_missing"))).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect((await stripe.refunds.list({ payment_intent: unpaid.id })).data).toEqual([]);
    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 0, refunded: false });
  });

  it("honours Idempotency-Key: a retry replays the one refund; the same key with other parameters is an idempotency error", async () => {
    const intent = await paid(2500);
    const key = `refund-test-${crypto.randomUUID()}`;
    const fields = { payment_intent: intent.id, "metadata[refundId]": "r1" };
    const first = await call("POST", "/v1/refunds", fields, undefined, { "Idempotency-Key": key });
    expect(first.status, first.text).toBe(200);
    const replay = await call("POST", "/v1/refunds", fields, undefined, { "Idempotency-Key": key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.json.id).toBe(first.json.id);
    expect(await stripeError(stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { idempotencyKey: key }))).toMatchObject({
      type: "StripeIdempotencyError",
    });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(1);
  });
});

describe("test card 4000 0000 0000 5126: the refund fails later", () => {
  it("is succeeded at first; once the sandbox clock has moved on it is failed, its money is back and refund.failed is sent", async () => {
    const intent = await paid(9900, await browserCard("4000000000005126"));
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund.status).toBe("succeeded");
    const afterRefund = await available();

    await advanceClock(REFUND_FAILS_AFTER_SECONDS - 60);
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe("succeeded");

    await advanceClock(120);
    const failed = await stripe.refunds.retrieve(refund.id);
    expect(failed).toMatchObject({ status: "failed", failure_reason: "expired_or_canceled_card" });
    const returned = await stripe.balanceTransactions.retrieve(failed.failure_balance_transaction as string);
    expect(returned).toMatchObject({ type: "refund_failure", amount: 9900, source: refund.id });
    expect(await available()).toBe(afterRefund + 9900);
    // The failed refund no longer counts: the charge can be refunded again.
    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 0, refunded: false });

    const events = await eventsFor(refund.id);
    expect(events.map((e) => e.type).sort()).toEqual(["charge.refund.updated", "refund.created", "refund.failed", "refund.updated"]);
    const updated = events.find((e) => e.type === "charge.refund.updated")!;
    expect(updated.data.previous_attributes).toMatchObject({ status: "succeeded" });
  });

  it("a refund of any other card stays succeeded however long passes", async () => {
    const intent = await paid(1500);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    await advanceClock(REFUND_FAILS_AFTER_SECONDS * 2);
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe("succeeded");
    expect((await eventsFor(refund.id)).map((e) => e.type)).toEqual(["refund.created"]);
  });
});

describe("an account that does not debit its bank: a refund the available balance cannot cover waits", () => {
  const DAY = 24 * 60 * 60;
  const debitNegativeBalances = (value: boolean) => stripe.balanceSettings.update({ payments: { debit_negative_balances: value } });

  it("the balance settings say whether the bank is debited (on by default) and change as asked", async () => {
    expect((await stripe.balanceSettings.retrieve()).payments.debit_negative_balances).toBe(true);
    try {
      expect((await debitNegativeBalances(false)).payments.debit_negative_balances).toBe(false);
      expect((await stripe.balanceSettings.retrieve()).payments.debit_negative_balances).toBe(false);
      expect(await stripeError(stripe.balanceSettings.update({ payments: { payouts: { statement_descriptor: "JPLAY" } } }))).toMatchObject({
        statusCode: 400,
        param: "payments[payouts]",
      });
    } finally {
      await debitNegativeBalances(true);
    }
  });

  it("is pending (insufficient_funds) with no balance transaction and leaves the balance alone; a top-up that becomes available sends both waiting refunds", async () => {
    await debitNegativeBalances(false);
    try {
      const before = await available();
      // A card's funds are pending for two business days: this charge adds nothing to available.
      const amount = Math.max(before, 0) + 5000;
      const older = await paid(amount);
      const newer = await paid(Math.max(before, 0) + 300);
      const waiting = await stripe.refunds.create({ payment_intent: older.id });
      expect(waiting).toMatchObject({ status: "pending", pending_reason: "insufficient_funds", balance_transaction: null, amount });
      // The charge counts the refund from the start, as Stripe's does.
      expect(await chargeOf(older)).toMatchObject({ amount_refunded: amount, refunded: true });
      expect(await available()).toBe(before);

      // Available (at most `before`, which the first refund exceeds) cannot cover this one either.
      const second = await stripe.refunds.create({ payment_intent: newer.id });
      expect(second).toMatchObject({ status: "pending", pending_reason: "insufficient_funds" });

      await stripe.topups.create({ amount: 2 * amount, currency: "usd", source: "btok_us_verified" });
      // Half a day on, neither the top-up nor the charges are available, whatever the weekday: a card's
      // funds need two business days from the start of the day, never less than a whole day. (Two days
      // on, charges made Sunday to Wednesday are available, and they would pay the refund.)
      await advanceClock(DAY / 2);
      expect((await stripe.refunds.retrieve(waiting.id)).status).toBe("pending");

      // Top-ups take up to six business days: ten calendar days always cover them.
      await advanceClock(10 * DAY);
      const sent = await stripe.refunds.retrieve(waiting.id);
      expect(sent).toMatchObject({ status: "succeeded" });
      expect(sent.pending_reason).toBeUndefined();
      expect(await stripe.balanceTransactions.retrieve(sent.balance_transaction as string)).toMatchObject({
        type: "refund",
        amount: -amount,
        source: waiting.id,
      });
      expect((await stripe.refunds.retrieve(second.id)).status).toBe("succeeded");

      const events = await eventsFor(waiting.id);
      expect(events.map((e) => e.type).sort()).toEqual(["charge.refund.updated", "refund.created", "refund.updated"]);
      expect(events.find((e) => e.type === "refund.updated")!.data.previous_attributes).toMatchObject({
        status: "pending",
        pending_reason: "insufficient_funds",
      });
    } finally {
      await debitNegativeBalances(true);
    }
  });

  it("with the bank debited (the default) the same refund succeeds at once and available goes below what it held", async () => {
    const before = await available();
    const amount = Math.max(before, 0) + 5000;
    const intent = await paid(amount);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund.status).toBe("succeeded");
    expect(await available()).toBe(before - amount);
  });
});
