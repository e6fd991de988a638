/**
 * A connected account's own money in the sandbox: transfers in, transfer reversals back to the
 * platform (refused, as Stripe refuses them, when the account's balance cannot cover them), and the
 * account's payouts to its debit card, a failed one returning the money and telling the Connect
 * endpoint (`payout.failed` with the account). https://docs.stripe.com/api/transfer_reversals,
 * https://docs.stripe.com/connect/payouts-connected-accounts
 */
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CONNECT_ENDPOINT,
  PLATFORM_ENDPOINT,
  type Json,
  deliveriesAbout,
  payableAccount,
  sandboxStripe,
  settledCall,
  stripeError,
  subscribeRecorder,
} from "./support";

const stripe = sandboxStripe();

const availableOf = async (options: Stripe.RequestOptions = {}) =>
  (await stripe.balance.retrieve({}, options)).available.find((entry) => entry.currency === "usd")!.amount;

/** A payable account that received `cents` by transfer. */
async function paidAccount(cents: number) {
  const account = await payableAccount(stripe);
  const transfer = await stripe.transfers.create({ amount: cents, currency: "usd", destination: account.id, transfer_group: `group_${account.id}` });
  return { account, transfer };
}

beforeAll(async () => {
  await subscribeRecorder(stripe);
  await stripe.paymentIntents.create({ amount: 100_000, currency: "usd", payment_method: "pm_card_bypassPending", confirm: true });
});

describe("transfer reversals", () => {
  it("a partial then a whole-rest reversal move the money back to the platform, mark the transfer, and each emit transfer.reversed to the platform endpoint", async () => {
    const { account, transfer } = await paidAccount(5_000);
    const platformBefore = await availableOf();
    expect(await availableOf({ stripeAccount: account.id })).toBe(5_000);

    const partial = await stripe.transfers.createReversal(transfer.id, { amount: 1_500 });
    expect(partial).toMatchObject({ object: "transfer_reversal", amount: 1_500, transfer: transfer.id });
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 1_500, reversed: false });
    expect(await availableOf({ stripeAccount: account.id })).toBe(3_500);
    expect(await availableOf()).toBe(platformBefore + 1_500);

    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(3_500);
    const after = await stripe.transfers.retrieve(transfer.id);
    expect(after).toMatchObject({ amount_reversed: 5_000, reversed: true });
    expect(after.reversals.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    expect((await stripe.transfers.listReversals(transfer.id)).data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    expect(await availableOf()).toBe(platformBefore + 5_000);

    const reversed = (await stripe.events.list({ type: "transfer.reversed", limit: 100 })).data.filter(
      (e) => (e.data.object as Stripe.Transfer).id === transfer.id,
    );
    expect(reversed.map((e) => (e.data.object as Stripe.Transfer).amount_reversed)).toEqual([5_000, 1_500]);
    expect(reversed.every((e) => !e.account)).toBe(true);
    const reversalDeliveries = async () =>
      (await deliveriesAbout(transfer.id)).filter((d) => (JSON.parse(d.body) as Json).type === "transfer.reversed").map((d) => d.path);
    await expect.poll(reversalDeliveries).toEqual([PLATFORM_ENDPOINT, PLATFORM_ENDPOINT]);

    expect(await stripeError(stripe.transfers.createReversal(transfer.id, { amount: 1 }))).toMatchObject({ code: "transfer_already_reversed" });
  });

  it("is refused when the destination's balance cannot cover it (the money was paid out), and changes nothing", async () => {
    const { account, transfer } = await paidAccount(4_000);
    await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/payouts`, { amount: "3000" });
    const platformBefore = await availableOf();
    const refused = await stripeError(stripe.transfers.createReversal(transfer.id, { amount: 2_000 }));
    expect(refused).toMatchObject({ type: "StripeInvalidRequestError", code: "balance_insufficient" });
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 0, reversed: false });
    expect(await availableOf()).toBe(platformBefore);
    expect(await availableOf({ stripeAccount: account.id })).toBe(1_000);
    // What the account still holds can be taken back.
    expect((await stripe.transfers.createReversal(transfer.id, { amount: 1_000 })).amount).toBe(1_000);
    expect(await stripeError(stripe.transfers.createReversal(transfer.id, { amount: 5_000 }))).toMatchObject({ param: "amount" });
  });
});

describe("a connected account's payouts", () => {
  it("a paid payout leaves the account's balance and tells the Connect endpoint", async () => {
    const { account } = await paidAccount(2_500);
    const paid = await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/payouts`);
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ object: "payout", amount: 2_500, status: "paid", failure_code: null });
    expect(await availableOf({ stripeAccount: account.id })).toBe(0);
    const sent = await deliveriesAbout(paid.json.id as string);
    expect(sent.map((d) => [d.path, (JSON.parse(d.body) as Json).type])).toEqual([
      [CONNECT_ENDPOINT, "payout.created"],
      [CONNECT_ENDPOINT, "payout.paid"],
    ]);
  });

  it("a failed payout returns the money to the account's balance and sends payout.failed, with the account, to the Connect endpoint only", async () => {
    const { account } = await paidAccount(2_500);
    const failed = await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/payouts`, { failure_code: "expired_card" });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({
      object: "payout",
      amount: 2_500,
      status: "failed",
      failure_code: "expired_card",
      failure_message: "The card has expired.",
    });
    expect(await availableOf({ stripeAccount: account.id })).toBe(2_500);
    const event = (await stripe.events.list({ type: "payout.failed", limit: 10 }, { stripeAccount: account.id })).data[0]!;
    expect(event).toMatchObject({ account: account.id, data: { object: { id: failed.json.id } } });
    const sent = (await deliveriesAbout(failed.json.id as string)).filter((d) => (JSON.parse(d.body) as Json).type === "payout.failed");
    expect(sent.map((d) => [d.path, (JSON.parse(d.body) as Json).account])).toEqual([[CONNECT_ENDPOINT, account.id]]);
  });

  it("a connected account's balance is read only for an account of the platform (Stripe-Account)", async () => {
    expect(await stripeError(stripe.balance.retrieve({}, { stripeAccount: "acct_notOneOfOurs" }))).toMatchObject({ code: "account_invalid", statusCode: 403 });
  });

  it("refuses a payout the account cannot make: not payable, or more than its balance, or an unknown failure code", async () => {
    const onboarding = await stripe.accounts.create({ type: "express", capabilities: { transfers: { requested: true } } });
    expect((await settledCall("POST", `/v1/test_helpers/accounts/${onboarding.id}/payouts`, { amount: "100" })).json.error).toMatchObject({
      code: "payouts_not_allowed",
    });
    const { account } = await paidAccount(500);
    expect((await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/payouts`, { amount: "501" })).json.error).toMatchObject({
      code: "balance_insufficient",
    });
    expect((await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/payouts`, { failure_code: "bank_holiday" })).status).toBe(400);
    expect(await availableOf({ stripeAccount: account.id })).toBe(500);
  });
});

describe("a requirement past due after an account became payable", () => {
  it("restricts the account: payouts off, transfers refused, account.updated to the Connect endpoint", async () => {
    const account = await payableAccount(stripe);
    const restricted = await settledCall("POST", `/v1/test_helpers/accounts/${account.id}/past_due`, { requirement: "individual.verification.document" });
    expect(restricted.json).toMatchObject({
      payouts_enabled: false,
      requirements: { past_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
    });
    expect(await stripeError(stripe.transfers.create({ amount: 100, currency: "usd", destination: account.id }))).toMatchObject({
      code: "insufficient_capabilities_for_transfer",
    });
    const updates = (await deliveriesAbout(account.id)).filter((d) => (JSON.parse(d.body) as Json).type === "account.updated");
    expect(updates.map((d) => d.path)).toEqual([CONNECT_ENDPOINT]);
  });
});
