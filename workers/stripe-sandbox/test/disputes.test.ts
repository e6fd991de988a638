/**
 * Disputes in the sandbox, as Stripe's test mode makes them (https://docs.stripe.com/testing#disputes,
 * https://docs.stripe.com/api/disputes): the dispute test cards' charges are disputed right after they
 * succeed, with Stripe's events; a chargeback takes the amount and the 15.00 USD fee from the balance
 * and leaves the charge `disputed` and no longer refundable (`charge_disputed`); evidence submitted
 * with "winning_evidence" wins (the amount comes back, the fee does not), "losing_evidence" loses;
 * closing accepts; an inquiry moves no money and can still be refunded; the early-fraud-warning card
 * gets a warning and no dispute; a fully refunded charge is never disputed.
 */
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DISPUTE_FEE } from "../src/money/balance";
import { SandboxCall } from "../src/http/sandbox-call";
import { openDispute } from "../src/money/disputes";
import { Params } from "../src/http/form";
import { eventsFor as eventsAbout, sandboxStripe, stripeError } from "./support";

const stripe = sandboxStripe();
const eventsFor = (objectId: string) => eventsAbout(stripe, objectId);

const available = async () => (await stripe.balance.retrieve()).available.find((entry) => entry.currency === "usd")!.amount;

const paid = (paymentMethod: string, amount = 9900) => stripe.paymentIntents.create({ amount, currency: "usd", payment_method: paymentMethod, confirm: true });

async function disputeOf(intent: Stripe.PaymentIntent): Promise<Stripe.Dispute> {
  const { data } = await stripe.disputes.list({ payment_intent: intent.id });
  expect(data).toHaveLength(1);
  return data[0]!;
}

/** Any call lets the sandbox reach what came due (a submitted dispute's outcome). */
const nextCall = () => stripe.balance.retrieve();

describe("a chargeback on a dispute test card", () => {
  it("opens right after the charge: needs_response, the charge disputed, amount and fee withdrawn, Stripe's events", async () => {
    const before = await available();
    const intent = await paid("pm_card_createDispute");
    expect(intent.status).toBe("succeeded");
    const dispute = await disputeOf(intent);
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 9900,
      currency: "usd",
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: "fraudulent",
      status: "needs_response",
      is_charge_refundable: false,
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.id).toMatch(/^du_/);
    expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
    expect(dispute.balance_transactions).toHaveLength(1);
    expect(dispute.balance_transactions[0]).toMatchObject({
      type: "adjustment",
      reporting_category: "dispute",
      amount: -9900,
      fee: DISPUTE_FEE,
      net: -9900 - DISPUTE_FEE,
      source: dispute.id,
    });
    expect(await stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).disputed).toBe(true);
    // The charge's own funds are pending; the withdrawal leaves available at once.
    expect(await available()).toBe(before - 9900 - DISPUTE_FEE);
    expect((await eventsFor(dispute.id)).map((e) => e.type).reverse()).toEqual(["charge.dispute.created", "charge.dispute.funds_withdrawn"]);
  });

  it("refuses a refund of the disputed charge with charge_disputed, and makes none", async () => {
    const intent = await paid("pm_card_createDisputeProductNotReceived", 4200);
    expect((await disputeOf(intent)).reason).toBe("product_not_received");
    const refused = await stripeError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(refused).toMatchObject({ statusCode: 400, code: "charge_disputed" });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(0);
  });

  it("is won with winning evidence: under review at once, then won, the amount back and the fee kept", async () => {
    const intent = await paid("pm_card_createDispute", 5000);
    const dispute = await disputeOf(intent);
    const afterWithdrawal = await available();
    const submitted = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: "winning_evidence", product_description: "A song distribution" },
      metadata: { ours: "1" },
    });
    expect(submitted).toMatchObject({
      status: "under_review",
      metadata: { ours: "1" },
      evidence: { uncategorized_text: "winning_evidence" },
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    await nextCall();
    const won = await stripe.disputes.retrieve(dispute.id);
    expect(won.status).toBe("won");
    expect(won.balance_transactions.map((t) => [t.reporting_category, t.amount, t.fee])).toEqual([
      ["dispute", -5000, DISPUTE_FEE],
      ["dispute_reversal", 5000, 0],
    ]);
    expect(await available()).toBe(afterWithdrawal + 5000);
    expect((await eventsFor(dispute.id)).map((e) => e.type).reverse()).toEqual([
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
      "charge.dispute.updated",
      "charge.dispute.closed",
      "charge.dispute.funds_reinstated",
    ]);
    // A closed dispute takes no more evidence.
    expect(await stripeError(stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "more" } }))).toMatchObject({
      statusCode: 400,
      param: "evidence",
    });
  });

  it("is lost with losing evidence, and lost when closed (accepted): no money comes back", async () => {
    const losing = await disputeOf(await paid("pm_card_createDispute", 3000));
    await stripe.disputes.update(losing.id, { evidence: { uncategorized_text: "losing_evidence" } });
    await nextCall();
    expect(await stripe.disputes.retrieve(losing.id)).toMatchObject({ status: "lost", balance_transactions: [{ amount: -3000 }] });

    const accepted = await disputeOf(await paid("pm_card_createDispute", 3000));
    const before = await available();
    const closed = await stripe.disputes.close(accepted.id);
    expect(closed).toMatchObject({ status: "lost", is_charge_refundable: false });
    expect(await available()).toBe(before);
    expect((await eventsFor(accepted.id)).map((e) => e.type)[0]).toBe("charge.dispute.closed");
    expect(await stripeError(stripe.disputes.close(accepted.id))).toMatchObject({ statusCode: 400 });
  });

  it("keeps evidence unsubmitted with submit=false, refuses unknown evidence fields and unknown disputes", async () => {
    const dispute = await disputeOf(await paid("pm_card_createDispute", 2000));
    const saved = await stripe.disputes.update(dispute.id, { evidence: { customer_name: "A. Listener" }, submit: false });
    expect(saved).toMatchObject({
      status: "needs_response",
      evidence: { customer_name: "A. Listener" },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    expect(await stripeError(stripe.disputes.update(dispute.id, { evidence: { not_a_field: "x" } as Stripe.DisputeUpdateParams.Evidence }))).toMatchObject({
      statusCode: 400,
    });
    expect(await stripeError(stripe.disputes.retrieve("du_missing"))).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("an inquiry and an early fraud warning", () => {
  it("an inquiry moves no money, the charge stays refundable, and it closes as warning_closed", async () => {
    const before = await available();
    const intent = await paid("pm_card_createDisputeInquiry", 2500);
    const inquiry = await disputeOf(intent);
    expect(inquiry).toMatchObject({ status: "warning_needs_response", is_charge_refundable: true, balance_transactions: [] });
    expect(await available()).toBe(before);
    expect((await eventsFor(inquiry.id)).map((e) => e.type)).toEqual(["charge.dispute.created"]);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund.status).toBe("succeeded");
    expect((await stripe.disputes.close(inquiry.id)).status).toBe("warning_closed");
  });

  it("the early-fraud-warning card emits radar.early_fraud_warning.created and opens no dispute", async () => {
    const intent = await paid("pm_card_createEarlyFraudWarning", 1500);
    const warnings = (await stripe.events.list({ type: "radar.early_fraud_warning.created", limit: 10 })).data.map(
      (e) => e.data.object as Stripe.Radar.EarlyFraudWarning,
    );
    expect(warnings.find((w) => w.charge === intent.latest_charge)).toMatchObject({
      object: "radar.early_fraud_warning",
      actionable: true,
      payment_intent: intent.id,
    });
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data).toHaveLength(0);
  });
});

describe("a fully refunded charge", () => {
  it("is never disputed: opening a dispute on it does nothing (https://docs.stripe.com/disputes/prevention)", async () => {
    const intent = await paid("pm_card_visa", 1800);
    await stripe.refunds.create({ payment_intent: intent.id });
    const refunded = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(refunded.refunded).toBe(true);
    const call = new SandboxCall(env, new Params({}), "secret", null, null, Math.floor(Date.now() / 1000));
    expect(openDispute(call, refunded, "fraudulent")).toBeNull();
    expect(call.events).toEqual([]);
    await call.store.commit();
    expect((await stripe.disputes.list({ charge: refunded.id })).data).toEqual([]);
    expect((await stripe.charges.retrieve(refunded.id)).disputed).toBe(false);
  });
});
