/**
 * The platform's Stripe balance in the sandbox Worker, as Stripe keeps it: charges land in the
 * pending balance net of Stripe's fee and become available after the US payout timing, on the
 * sandbox clock; test card …0077 skips pending; top-ups are pending for the ACH settlement time;
 * transfers draw on the available balance only and are refused with Stripe's exact
 * `balance_insufficient` answer otherwise (https://docs.stripe.com/payments/balances,
 * https://docs.stripe.com/connect/top-ups, https://docs.stripe.com/testing#available-balance).
 * The clock only moves forward, so each test reads the balance before and after what it does.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { cardFee } from "../src/money/balance";
import { advanceClock, call, eventsFor as eventsAbout, sandboxStripe, stripeError, payableAccount as payableAccountOf } from "./support";

const stripe = sandboxStripe();
const DAY = 24 * 60 * 60;

const eventsFor = (objectId: string) => eventsAbout(stripe, objectId);

/** The platform's USD balance now. */
async function usd() {
  const balance = await stripe.balance.retrieve();
  const available = balance.available.find((entry) => entry.currency === "usd")!.amount;
  const pending = balance.pending.find((entry) => entry.currency === "usd")!.amount;
  return { available, pending };
}

/** Weekdays after `created`'s UTC day, up to and including `availableOn`'s. */
function businessDaysUntil(created: number, availableOn: number): number {
  let days = 0;
  for (let day = created - (created % DAY) + DAY; day <= availableOn; day += DAY) {
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days++;
  }
  return days;
}

/** `availableOn` is 00:00 UTC of a weekday, `businessDays` weekdays after `created`. */
function expectBusinessDaysLater(created: number, availableOn: number, businessDays: number) {
  expect(availableOn % DAY).toBe(0);
  expect([0, 6]).not.toContain(new Date(availableOn * 1000).getUTCDay());
  expect(businessDaysUntil(created, availableOn)).toBe(businessDays);
}

const charge = (amount: number, paymentMethod = "pm_card_visa") =>
  stripe.paymentIntents.create({ amount, currency: "usd", payment_method: paymentMethod, confirm: true, expand: ["latest_charge.balance_transaction"] });

const balanceTransactionOf = (intent: Stripe.PaymentIntent) => (intent.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;

/** Moves the clock to `seconds` before (negative) or after `at`, given the sandbox's time `now`. */
const advanceTo = (at: number, now: number) => advanceClock(Math.max(1, at - now));

/** Lets every earlier charge and top-up become available, so a test sees only its own pending funds. */
async function nothingPending() {
  await advanceClock(10 * DAY);
  expect((await usd()).pending).toBe(0);
}

const payableAccount = () => payableAccountOf(stripe);

describe("charges and the balance", () => {
  it("GET /v1/balance answers Stripe's balance object, USD listed even when empty", async () => {
    const balance = await call("GET", "/v1/balance");
    expect(balance.status).toBe(200);
    expect(balance.json).toEqual({
      object: "balance",
      available: [{ amount: expect.any(Number), currency: "usd", source_types: { card: expect.any(Number) } }],
      connect_reserved: [{ amount: 0, currency: "usd" }],
      livemode: false,
      pending: [{ amount: expect.any(Number), currency: "usd", source_types: { card: expect.any(Number) } }],
    });
  });

  it("a succeeded card charge adds its amount less 2.9% + 30¢ to pending, available at 00:00 UTC 2 business days later", async () => {
    const before = await usd();
    const intent = await charge(9900);
    const transaction = balanceTransactionOf(intent);
    expect(transaction).toMatchObject({
      object: "balance_transaction",
      amount: 9900,
      fee: 317, // round(287.1) + 30
      net: 9583,
      currency: "usd",
      type: "charge",
      reporting_category: "charge",
      balance_type: "payments",
      source: (intent.latest_charge as Stripe.Charge).id,
      status: "pending",
      fee_details: [{ amount: 317, currency: "usd", type: "stripe_fee", description: "Stripe processing fees", application: null }],
    });
    expect(transaction.id).toMatch(/^txn_/);
    expectBusinessDaysLater(transaction.created, transaction.available_on, 2);
    expect(await usd()).toEqual({ available: before.available, pending: before.pending + 9583 });

    // Not a second early.
    await advanceTo(transaction.available_on - 30, transaction.created);
    expect(await usd()).toEqual({ available: before.available, pending: before.pending + 9583 });
    expect((await stripe.balanceTransactions.retrieve(transaction.id)).status).toBe("pending");

    await advanceClock(31);
    expect(await usd()).toEqual({ available: before.available + 9583, pending: before.pending });
    expect(await stripe.balanceTransactions.retrieve(transaction.id)).toEqual({ ...transaction, status: "available" });
    // Expanded from its charge, it shows the current status too.
    const charged = await stripe.charges.retrieve((intent.latest_charge as Stripe.Charge).id, { expand: ["balance_transaction"] });
    expect((charged.balance_transaction as Stripe.BalanceTransaction).status).toBe("available");
  });

  it("Stripe's fee: 2.9% rounded to the nearest cent, plus 30¢", async () => {
    expect([50, 1049, 1499, 1500, 4999, 9900].map(cardFee)).toEqual([31, 60, 73, 74, 175, 317]);
    const intent = await charge(4999);
    expect(balanceTransactionOf(intent)).toMatchObject({ amount: 4999, fee: 175, net: 4824 });
  });

  it("a declined charge adds nothing", async () => {
    const before = await usd();
    const declined = await stripeError(charge(4999, "pm_card_chargeDeclined"));
    expect(declined).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect((await stripe.charges.retrieve(declined.charge!)).balance_transaction).toBeNull();
    expect(await usd()).toEqual(before);
  });

  it("test card 4000 0000 0000 0077 (pm_card_bypassPending) adds its net to the available balance at once", async () => {
    const before = await usd();
    const transaction = balanceTransactionOf(await charge(10000, "pm_card_bypassPending"));
    expect(transaction).toMatchObject({ amount: 10000, fee: 320, net: 9680, status: "available" });
    expect(transaction.available_on).toBe(transaction.created);
    expect(await usd()).toEqual({ available: before.available + 9680, pending: before.pending });
  });
});

describe("transfers draw on the available balance only", () => {
  it("refuses a transfer the available balance cannot cover, with Stripe's exact answer, however much is pending", async () => {
    const account = await payableAccount();
    await charge(20000, "pm_card_bypassPending");
    await charge(50000); // pending: does not count
    const { available, pending } = await usd();
    expect(available).toBeGreaterThan(0);
    expect(pending).toBeGreaterThan(available);

    const refused = await call("POST", "/v1/transfers", { amount: String(available + 1), currency: "usd", destination: account.id });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      error: {
        type: "invalid_request_error",
        code: "balance_insufficient",
        doc_url: "https://docs.stripe.com/error-codes/balance-insufficient",
        message:
          "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
      },
    });
    const viaSdk = await stripeError(stripe.transfers.create({ amount: available + 1, currency: "usd", destination: account.id }));
    expect(viaSdk).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(viaSdk).toMatchObject({ statusCode: 400, code: "balance_insufficient" });
    expect(await usd()).toEqual({ available, pending });

    // Exactly the available balance goes, and its transaction says so.
    const transfer = await stripe.transfers.create({ amount: available, currency: "usd", destination: account.id, expand: ["balance_transaction"] });
    expect(transfer.balance_transaction).toMatchObject({
      type: "transfer",
      amount: -available,
      fee: 0,
      net: -available,
      source: transfer.id,
      status: "available",
    });
    expect(await usd()).toEqual({ available: 0, pending });
    expect(await stripeError(stripe.transfers.create({ amount: 1, currency: "usd", destination: account.id }))).toMatchObject({ code: "balance_insufficient" });
  });

  it("keeps a refusal under its idempotency key, as Stripe keeps every answer that began executing: a retry after funds arrived needs a new key", async () => {
    const account = await payableAccount();
    const { available } = await usd();
    const params = { amount: String(available + 700), currency: "usd", destination: account.id };
    const headers = { "Idempotency-Key": "payout-short-1" };
    const first = await call("POST", "/v1/transfers", params, undefined, headers);
    expect(first.json.error).toMatchObject({ code: "balance_insufficient" });

    await charge(5000, "pm_card_bypassPending"); // 4825 more available: enough now
    const replay = await call("POST", "/v1/transfers", params, undefined, headers);
    expect(replay.status).toBe(400);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.text).toBe(first.text);

    const fresh = await call("POST", "/v1/transfers", params, undefined, { "Idempotency-Key": "payout-short-1-retry-1" });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toMatchObject({ object: "transfer", amount: available + 700 });
  });

  it("transfers at once all go, as on Stripe, while the available balance covers them; past it they are refused and the balance never goes below zero", async () => {
    const account = await payableAccount();
    const { available } = await usd();
    if (available > 0) await stripe.transfers.create({ amount: available, currency: "usd", destination: account.id });
    await charge(10000, "pm_card_bypassPending"); // 9680 available
    const covered = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call("POST", "/v1/transfers", { amount: "400", currency: "usd", destination: account.id }, undefined, {
          "Idempotency-Key": `at-once-${account.id}-${i}`,
        }),
      ),
    );
    // No lock to wait on: every one of them is made.
    expect(covered.map((answer) => answer.status)).toEqual(Array.from({ length: 24 }, () => 200));
    expect(new Set(covered.map((answer) => answer.json.id)).size).toBe(24);
    expect((await usd()).available).toBe(80);
    await charge(620, "pm_card_bypassPending"); // 572 more: 652 available

    // 652 covers one of three 500s: whichever commits first goes, the others are refused for the balance.
    const short = await Promise.all([0, 1, 2].map(() => call("POST", "/v1/transfers", { amount: "500", currency: "usd", destination: account.id })));
    const codes = short.map((answer) => (answer.status === 200 ? "paid" : (answer.json.error as { code: string }).code)).sort();
    expect(codes).toEqual(["balance_insufficient", "balance_insufficient", "paid"]);
    expect((await usd()).available).toBe(152);
    expect((await stripe.transfers.list({ destination: account.id, limit: 100 })).data).toHaveLength((available > 0 ? 1 : 0) + 25);
  });

  it("the same idempotency key sent several times at once makes one transfer", async () => {
    const account = await payableAccount();
    await charge(10000, "pm_card_bypassPending");
    const before = (await usd()).available;
    const headers = { "Idempotency-Key": `payout-at-once-${account.id}` };
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(() => call("POST", "/v1/transfers", { amount: "1200", currency: "usd", destination: account.id }, undefined, headers)),
    );
    const made = answers.filter((answer) => answer.status === 200);
    // The others met the first still running (409, Stripe's idempotency_error) or replay its answer.
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer).toMatchObject({ status: 409, json: { error: { type: "idempotency_error" } } });
    expect(new Set(made.map((answer) => answer.json.id)).size).toBe(1);
    const replay = await call("POST", "/v1/transfers", { amount: "1200", currency: "usd", destination: account.id }, undefined, headers);
    expect(replay.json.id).toBe(made[0]!.json.id);
    expect((await stripe.transfers.list({ destination: account.id, limit: 100 })).data).toHaveLength(1);
    expect((await usd()).available).toBe(before - 1200);
  });
});

describe("top-ups", () => {
  it("adds funds to pending at once and to available 6 business days later (ACH settlement), then succeeds", async () => {
    await nothingPending();
    const before = await usd();
    const topup = await stripe.topups.create({
      amount: 250000,
      currency: "usd",
      description: "Provider settlement 2026-11",
      metadata: { reference: "SET-1" },
      statement_descriptor: "JPLAY TOPUP",
      expand: ["balance_transaction"],
    });
    expect(topup).toMatchObject({
      object: "topup",
      amount: 250000,
      currency: "usd",
      description: "Provider settlement 2026-11",
      metadata: { reference: "SET-1" },
      statement_descriptor: "JPLAY TOPUP",
      status: "pending",
      failure_code: null,
      livemode: false,
      balance_transaction: { type: "topup", amount: 250000, fee: 0, net: 250000, status: "pending", source: topup.id },
    });
    expect(topup.id).toMatch(/^tu_/);
    expectBusinessDaysLater(topup.created, topup.expected_availability_date!, 6);
    expect((topup.balance_transaction as Stripe.BalanceTransaction).available_on).toBe(topup.expected_availability_date);
    expect(await usd()).toEqual({ available: before.available, pending: before.pending + 250000 });
    expect((await eventsFor(topup.id)).map((event) => event.type)).toEqual(["topup.created"]);

    await advanceTo(topup.expected_availability_date! - 60, topup.created);
    expect((await stripe.topups.retrieve(topup.id)).status).toBe("pending");
    expect((await usd()).available).toBe(before.available);

    await advanceClock(61);
    expect(await usd()).toMatchObject({ available: before.available + 250000 });
    expect(await stripe.topups.retrieve(topup.id)).toMatchObject({ status: "succeeded", failure_code: null });
    const [succeeded] = await eventsFor(topup.id);
    expect(succeeded).toMatchObject({ type: "topup.succeeded", data: { object: { status: "succeeded" } } });
    // Stripe shows previous_attributes on *.updated events only.
    expect(succeeded!.data).not.toHaveProperty("previous_attributes");

    // Transfers can use it now.
    const account = await payableAccount();
    expect(await stripe.transfers.create({ amount: 250000, currency: "usd", destination: account.id })).toMatchObject({ amount: 250000 });
  });

  it("Stripe's test bank tokens: btok_us_verified succeeds; a failure token ends failed with its code and never reaches the balance", async () => {
    await nothingPending();
    const before = await usd();
    const good = await stripe.topups.create({ amount: 1000, currency: "usd", source: "btok_us_verified" });
    const bad = await stripe.topups.create({ amount: 3000, currency: "usd", source: "btok_us_verified_insufficientFunds" });
    expect(bad).toMatchObject({ status: "pending", balance_transaction: null });
    expect(await usd()).toEqual({ available: before.available, pending: before.pending + 1000 });

    await advanceTo(bad.expected_availability_date!, bad.created);
    const topups = await stripe.topups.list({ limit: 100 });
    expect(topups.data.find((t) => t.id === bad.id)).toMatchObject({
      status: "failed",
      failure_code: "insufficient_funds",
      failure_message: expect.any(String),
    });
    expect(topups.data.find((t) => t.id === good.id)?.status).toBe("succeeded");
    expect((await stripe.topups.list({ status: "failed", limit: 100 })).data.map((t) => t.id)).toContain(bad.id);
    expect((await eventsFor(bad.id)).map((event) => event.type)).toEqual(["topup.failed", "topup.created"]);
    expect(await usd()).toEqual({ available: before.available + 1000, pending: before.pending });

    for (const [source, code] of [
      ["btok_us_verified_noAccount", "no_account"],
      ["btok_us_verified_accountClosed", "account_closed"],
      ["btok_us_verified_debitNotAuthorized", "debit_not_authorized"],
      ["btok_us_verified_invalidCurrency", "invalid_currency"],
    ] as const) {
      const topup = await stripe.topups.create({ amount: 500, currency: "usd", source });
      await advanceTo(topup.expected_availability_date!, topup.created);
      expect(await stripe.topups.retrieve(topup.id)).toMatchObject({ status: "failed", failure_code: code });
    }
  });

  it("refuses what Stripe refuses: no amount, another currency, an unknown source or parameter", async () => {
    expect((await call("POST", "/v1/topups", { currency: "usd" })).json.error).toMatchObject({ code: "parameter_missing", param: "amount" });
    expect((await call("POST", "/v1/topups", { amount: "0", currency: "usd" })).json.error).toMatchObject({ param: "amount" });
    expect((await call("POST", "/v1/topups", { amount: "100", currency: "eur" })).json.error).toMatchObject({ param: "currency" });
    expect((await call("POST", "/v1/topups", { amount: "100", currency: "usd", source: "btok_nope" })).json.error).toMatchObject({
      code: "resource_missing",
      param: "source",
    });
    expect((await call("POST", "/v1/topups", { amount: "100", currency: "usd", destination: "acct_1" })).json.error).toMatchObject({
      code: "parameter_unknown",
    });
    expect((await call("GET", "/v1/topups/tu_nope")).status).toBe(404);
  });
});

describe("balance transactions", () => {
  it("lists every movement newest first, by type and by source, with its current status", async () => {
    const intent = await charge(1500);
    const charged = balanceTransactionOf(intent);
    const topup = await stripe.topups.create({ amount: 777, currency: "usd" });
    const listed = await stripe.balanceTransactions.list({ limit: 2 });
    expect(listed.data.map((t) => t.source)).toEqual([topup.id, (intent.latest_charge as Stripe.Charge).id]);
    expect((await stripe.balanceTransactions.list({ type: "topup", limit: 100 })).data.every((t) => t.type === "topup")).toBe(true);
    expect((await stripe.balanceTransactions.list({ source: topup.id })).data).toMatchObject([{ amount: 777, status: "pending" }]);

    await advanceTo(charged.available_on, charged.created);
    expect((await stripe.balanceTransactions.list({ source: charged.source as string })).data).toMatchObject([{ id: charged.id, status: "available" }]);
    expect((await call("GET", "/v1/balance_transactions/txn_nope")).status).toBe(404);
  });

  it("the old shortcut that set the balance by hand is gone: funds come only from charges and top-ups", async () => {
    const answer = await call("POST", "/v1/test_helpers/platform_balance", { available: "" });
    expect(answer.status).toBe(404);
  });
});
