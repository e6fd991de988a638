/**
 * The Stripe sandbox through the real SDK (in-process, as the product uses it) and through HTTP as
 * the browser's card form uses it: Stripe's wire format, test cards, 3-D Secure, idempotency,
 * faults, events and signed webhooks, keys, and refusing to exist with a real key.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { SANDBOX_PUBLISHABLE_KEY, SANDBOX_SECRET_KEY, createStripe } from "../src/payments/stripe-client";
import { brandOf, luhnValid } from "../src/payments/sandbox/cards";
import { decodeForm } from "../src/payments/sandbox/form";
import { claimIdempotencyKey, recordIdempotentAnswer } from "../src/payments/sandbox/idempotency";
import { sandboxApp } from "../src/payments/sandbox/sandbox-app";
import { sandboxFetch } from "../src/payments/sandbox/sandbox-fetch";
import { signWebhookPayload } from "../src/payments/sandbox/webhooks";

const stripe = createStripe(env);
const BASE = "http://jplay.test/api/stripe-sandbox";
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

type Json = Record<string, any>;

/** A form POST (or GET) to the sandbox over HTTP, as the card form and dev tools send it. */
async function call(method: "GET" | "POST" | "DELETE", path: string, fields: Record<string, string> = {}, key = SANDBOX_SECRET_KEY, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString();
  const url = method === "POST" ? `${BASE}${path}` : `${BASE}${path}${body ? `?${body}` : ""}`;
  const response = await exports.default.fetch(
    new Request(url, {
      method,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      ...(method === "POST" ? { body } : {}),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Json };
}

const cardFields = (number: string, overrides: Partial<Record<"exp_month" | "exp_year" | "cvc", string>> = {}) => ({
  "payment_method_data[type]": "card",
  "payment_method_data[card][number]": number,
  "payment_method_data[card][exp_month]": overrides.exp_month ?? "12",
  "payment_method_data[card][exp_year]": overrides.exp_year ?? NEXT_YEAR,
  "payment_method_data[card][cvc]": overrides.cvc ?? "123",
});

/** The browser's confirm / authenticate, with the publishable key and the client secret. */
const browserConfirm = (kind: "setup_intents" | "payment_intents", intent: { id: string; client_secret: string | null }, fields: Record<string, string>) =>
  call("POST", `/v1/${kind}/${intent.id}/confirm`, { client_secret: intent.client_secret!, ...fields }, SANDBOX_PUBLISHABLE_KEY);
const browserAuthenticate = (kind: "setup_intents" | "payment_intents", intent: { id: string; client_secret: string | null }, outcome: "complete" | "fail") =>
  call("POST", `/v1/${kind}/${intent.id}/authenticate`, { client_secret: intent.client_secret!, outcome }, SANDBOX_PUBLISHABLE_KEY);

/** Payment setup as the product does it: customer and SetupIntent by the SDK, card by the browser. */
async function setUpCard(number: string) {
  const customer = await stripe.customers.create({ metadata: { source: "sandbox-test" } });
  const intent = await stripe.setupIntents.create({ customer: customer.id, usage: "off_session", allowed_payment_method_types: ["card"] });
  const confirmed = await browserConfirm("setup_intents", intent, cardFields(number));
  return { customer, intent, confirmed };
}

async function savedCard(number: string) {
  const setup = await setUpCard(number);
  expect(setup.confirmed.status).toBe(200);
  expect(setup.confirmed.json.status).toBe("succeeded");
  return { customer: setup.customer, paymentMethod: setup.confirmed.json.payment_method as string };
}

const chargeOffSession = (customer: string, paymentMethod: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer, payment_method: paymentMethod, off_session: true, confirm: true, ...extra });

async function cardError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

const eventsFor = async (objectId: string) =>
  (await stripe.events.list({ limit: 100 })).data.filter((e) => (e.data.object as { id?: string }).id === objectId);

describe("Stripe wire format", () => {
  it("creates, retrieves and updates customers with Stripe's object shape", async () => {
    const customer = await stripe.customers.create({ phone: "+1 555 010 0100", email: "ada@example.com", metadata: { artist: "ada" } });
    expect(customer).toMatchObject({ object: "customer", livemode: false, phone: "+1 555 010 0100", email: "ada@example.com", metadata: { artist: "ada" } });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(customer.created).toBeCloseTo(Date.now() / 1000, -2);
    const updated = await stripe.customers.update(customer.id, { phone: "+1 555 010 0101", metadata: { artist: "", plan: "pro" } });
    expect(updated).toMatchObject({ phone: "+1 555 010 0101", metadata: { plan: "pro" } });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toEqual(updated);

    const missing = await cardError(stripe.customers.retrieve("cus_nope"));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id", message: "No such customer: 'cus_nope'" });
  });

  it("decodes nested form keys and expand[], refuses unknown parameters, answers lists and unknown URLs like Stripe", async () => {
    expect(decodeForm("a[b][c]=1&expand[]=x&expand[]=y&items[0][price]=p&items[1][price]=q&metadata[0]=z")).toEqual({
      a: { b: { c: "1" } },
      expand: ["x", "y"],
      items: [{ price: "p" }, { price: "q" }],
      metadata: { "0": "z" },
    });
    const customer = (await call("POST", "/v1/customers", { "metadata[k]": "v" })).json;
    const created = await call("POST", "/v1/payment_intents", { amount: "1999", currency: "USD", customer: customer.id, "expand[]": "customer" });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ object: "payment_intent", amount: 1999, currency: "usd", status: "requires_payment_method", customer: { id: customer.id, object: "customer" } });
    expect(created.json.client_secret).toMatch(new RegExp(`^${created.json.id}_secret_[A-Za-z0-9]+$`));
    expect(created.text).toContain('\n  "id"'); // pretty-printed, as Stripe answers

    const unknown = await call("POST", "/v1/customers", { colour: "blue" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ type: "invalid_request_error", code: "parameter_unknown", param: "colour" });
    const badAmount = await cardError(stripe.paymentIntents.create({ amount: 10, currency: "usd" }));
    expect(badAmount).toMatchObject({ statusCode: 400, code: "amount_too_small", param: "amount" });
    const missingCurrency = await call("POST", "/v1/payment_intents", { amount: "1999" });
    expect(missingCurrency.json.error).toMatchObject({ code: "parameter_missing", param: "currency" });

    const nowhere = await call("GET", "/v1/nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.json.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nowhere\)/);

    for (let i = 0; i < 3; i++) await stripe.customers.create();
    const events = await stripe.events.list({ limit: 2, type: "customer.created" });
    expect(events).toMatchObject({ object: "list", url: "/v1/events", has_more: true });
    expect(events.data).toHaveLength(2);
    expect(events.data[0]!.created).toBeGreaterThanOrEqual(events.data[1]!.created);
    const next = await stripe.events.list({ limit: 2, type: "customer.created", starting_after: events.data[1]!.id });
    expect(next.data.map((e) => e.id)).not.toContain(events.data[0]!.id);
  });

  it("tells card brands apart and checks numbers with Luhn", () => {
    expect(["4242424242424242", "5555555555554444", "2223003122003222", "378282246310005", "6011111111111117", "6500000000000000"].map(brandOf)).toEqual([
      "visa",
      "mastercard",
      "mastercard",
      "amex",
      "discover",
      "discover",
    ]);
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });
});

describe("SetupIntents and PaymentMethods", () => {
  it("saves a 4242 card: the SetupIntent succeeds and the card is attached with its details and fingerprint", async () => {
    const { customer, intent, confirmed } = await setUpCard("4242 4242 4242 4242");
    expect(intent).toMatchObject({ object: "setup_intent", status: "requires_payment_method", usage: "off_session", customer: customer.id });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ id: intent.id, status: "succeeded", last_setup_error: null, next_action: null });

    const method = await stripe.paymentMethods.retrieve(confirmed.json.payment_method);
    expect(method).toMatchObject({ object: "payment_method", type: "card", customer: customer.id, livemode: false });
    expect(method.id).toMatch(/^pm_/);
    expect(method.card).toMatchObject({ brand: "visa", last4: "4242", exp_month: 12, exp_year: Number(NEXT_YEAR), funding: "credit", country: "US" });
    expect(method.card!.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);

    const again = await savedCard("4242424242424242");
    expect((await stripe.paymentMethods.retrieve(again.paymentMethod)).card!.fingerprint).toBe(method.card!.fingerprint);
    const mastercard = await savedCard("5555555555554444");
    const other = await stripe.paymentMethods.retrieve(mastercard.paymentMethod);
    expect(other.card).toMatchObject({ brand: "mastercard", last4: "4444" });
    expect(other.card!.fingerprint).not.toBe(method.card!.fingerprint);

    const viaCustomer = await stripe.customers.listPaymentMethods(customer.id);
    const viaFilter = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    expect(viaCustomer.data.map((m) => m.id)).toEqual([method.id]);
    expect(viaFilter).toMatchObject({ object: "list", has_more: false, url: "/v1/payment_methods" });
    expect(viaFilter.data.map((m) => m.id)).toEqual([method.id]);

    const withDefault = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
    expect(withDefault.invoice_settings.default_payment_method).toBe(method.id);
    const foreign = await cardError(stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: other.id } }));
    expect(foreign).toMatchObject({ statusCode: 400, param: "invoice_settings[default_payment_method]" });

    const types = (await eventsFor(intent.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["setup_intent.created", "setup_intent.succeeded"]));
    expect((await eventsFor(method.id)).map((e) => e.type)).toContain("payment_method.attached");
  });

  it("detaches a card and clears it as the customer's default", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } });
    const detached = await stripe.paymentMethods.detach(paymentMethod);
    expect(detached.customer).toBeNull();
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    const attached = await stripe.paymentMethods.attach(paymentMethod, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
  });

  it.each([
    ["a number failing Luhn", "4242424242424241", {}, "incorrect_number", "number"],
    ["an expiry year in the past", "4242424242424242", { exp_year: "2020" }, "invalid_expiry_year", "exp_year"],
    ["a month of 13", "4242424242424242", { exp_month: "13" }, "invalid_expiry_month", "exp_month"],
    ["a two-digit CVC", "4242424242424242", { cvc: "12" }, "invalid_cvc", "cvc"],
  ] as const)("refuses %s with Stripe's card error", async (_name, number, overrides, code, param) => {
    const customer = await stripe.customers.create();
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const res = await browserConfirm("setup_intents", intent, cardFields(number, overrides));
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ type: "card_error", code, param, setup_intent: { id: intent.id, status: "requires_payment_method" } });
  });

  it.each([
    ["4000000000000002", "card_declined", "generic_decline", "Your card was declined."],
    ["4000000000009995", "card_declined", "insufficient_funds", "Your card has insufficient funds."],
    ["4000000000009987", "card_declined", "lost_card", "Your card was declined."],
    ["4000000000009979", "card_declined", "stolen_card", "Your card was declined."],
    ["4000000000000069", "expired_card", "expired_card", "Your card has expired."],
    ["4000000000000127", "incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."],
    ["4100000000000019", "card_declined", "fraudulent", "Your card was declined."],
  ] as const)("fails the setup of %s with %s / %s", async (number, code, declineCode, message) => {
    const { intent, confirmed } = await setUpCard(number);
    expect(confirmed.status).toBe(402);
    expect(confirmed.json.error).toMatchObject({ type: "card_error", code, decline_code: declineCode, message });
    expect(confirmed.json.error.setup_intent).toMatchObject({
      id: intent.id,
      status: "requires_payment_method",
      payment_method: null,
      last_setup_error: { code, decline_code: declineCode, type: "card_error" },
    });
    const stored = await stripe.setupIntents.retrieve(intent.id);
    expect(stored.status).toBe("requires_payment_method");
    expect(stored.last_setup_error).toMatchObject({ code, decline_code: declineCode });
    expect((await eventsFor(intent.id)).map((e) => e.type)).toContain("setup_intent.setup_failed");
  });
});

describe("off-session payments", () => {
  it.each(["4242424242424242", "5555555555554444"])("charges a saved %s", async (number) => {
    const { customer, paymentMethod } = await savedCard(number);
    const intent = await chargeOffSession(customer.id, paymentMethod, { metadata: { song: "s1" } });
    expect(intent).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 9900, amount_received: 9900, currency: "usd", payment_method: paymentMethod, last_payment_error: null });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ object: "charge", status: "succeeded", paid: true, captured: true, amount: 9900, payment_intent: intent.id, metadata: { song: "s1" } });
    expect(charge.id).toMatch(/^ch_/);
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
    expect(expanded.latest_charge).toMatchObject({ id: charge.id, object: "charge" });
    expect(expanded.payment_method).toMatchObject({ id: paymentMethod, object: "payment_method" });
    expect((await eventsFor(intent.id)).map((e) => e.type)).toEqual(["payment_intent.succeeded", "payment_intent.created"]);
  });

  it("sets up 4000 0000 0000 0341 fine, then declines every charge with the intent back at requires_payment_method", async () => {
    const { customer, paymentMethod } = await savedCard("4000000000000341");
    const error = await cardError(chargeOffSession(customer.id, paymentMethod));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    const intent = error.payment_intent!;
    expect(intent).toMatchObject({ status: "requires_payment_method", payment_method: null, amount_received: 0 });
    expect(intent.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline", payment_method: { id: paymentMethod } });
    expect(intent.latest_charge).toBe(error.charge);
    expect(await stripe.charges.retrieve(error.charge!)).toMatchObject({ status: "failed", paid: false, failure_code: "card_declined", outcome: { type: "issuer_declined" } });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    expect((await eventsFor(intent.id)).map((e) => e.type)).toContain("payment_intent.payment_failed");
  });

  it.each([
    ["pm_card_chargeDeclined", "card_declined", "generic_decline"],
    ["pm_card_chargeDeclinedInsufficientFunds", "card_declined", "insufficient_funds"],
    ["pm_card_chargeDeclinedLostCard", "card_declined", "lost_card"],
    ["pm_card_chargeDeclinedStolenCard", "card_declined", "stolen_card"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card"],
    ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "incorrect_cvc"],
    ["pm_card_radarBlock", "card_declined", "fraudulent"],
  ] as const)("declines a payment with %s as %s / %s", async (paymentMethod, code, declineCode) => {
    const customer = await stripe.customers.create();
    const error = await cardError(stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id, payment_method: paymentMethod, confirm: true }));
    expect(error).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
    expect(error.payment_intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code, decline_code: declineCode } });
  });
});

describe("3-D Secure", () => {
  it("4000 0025 0000 3155: authenticates at setup (fail, then complete); off-session then succeeds, on-session asks again", async () => {
    const { customer, intent, confirmed } = await setUpCard("4000002500003155");
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });

    const failed = await browserAuthenticate("setup_intents", intent, "fail");
    expect(failed.json).toMatchObject({ status: "requires_payment_method", payment_method: null, last_setup_error: { code: "setup_intent_authentication_failure" } });
    expect((await eventsFor(intent.id)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["setup_intent.requires_action", "setup_intent.setup_failed"]),
    );

    const retried = await browserConfirm("setup_intents", intent, cardFields("4000002500003155"));
    expect(retried.json.status).toBe("requires_action");
    const completed = await browserAuthenticate("setup_intents", intent, "complete");
    expect(completed.json).toMatchObject({ status: "succeeded", last_setup_error: null });
    const paymentMethod = completed.json.payment_method as string;
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).customer).toBe(customer.id);

    const offSession = await chargeOffSession(customer.id, paymentMethod);
    expect(offSession.status).toBe("succeeded");

    const onSession = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id, payment_method: paymentMethod, confirm: true });
    expect(onSession).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" }, payment_method: paymentMethod });
    const paid = await browserAuthenticate("payment_intents", onSession, "complete");
    expect(paid.json).toMatchObject({ status: "succeeded", amount_received: 4999 });

    const neverSetUp = await cardError(
      stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id, payment_method: "pm_card_authenticationRequiredOnSetup", off_session: true, confirm: true }),
    );
    expect(neverSetUp).toMatchObject({ code: "authentication_required", decline_code: "authentication_required" });
  });

  it("4000 0027 6000 3184: always authenticates; off-session is declined with authentication_required", async () => {
    const { customer, intent, confirmed } = await setUpCard("4000002760003184");
    expect(confirmed.json.status).toBe("requires_action");
    const completed = await browserAuthenticate("setup_intents", intent, "complete");
    expect(completed.json.status).toBe("succeeded");
    const paymentMethod = completed.json.payment_method as string;

    const declined = await cardError(chargeOffSession(customer.id, paymentMethod));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: "authentication_required", decline_code: "authentication_required" });
    expect(declined.payment_intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "authentication_required" } });

    // The cardholder comes back on-session and pays: 3-D Secure fails once, then succeeds.
    const recovery = declined.payment_intent!;
    const action = await browserConfirm("payment_intents", recovery, { payment_method: paymentMethod });
    expect(action.json).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" } });
    const failed = await browserAuthenticate("payment_intents", recovery, "fail");
    expect(failed.json).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "payment_intent_authentication_failure" } });
    await browserConfirm("payment_intents", recovery, { payment_method: paymentMethod });
    const paid = await browserAuthenticate("payment_intents", recovery, "complete");
    expect(paid.json).toMatchObject({ status: "succeeded", amount_received: 9900 });
    expect((await stripe.paymentIntents.retrieve(recovery.id)).status).toBe("succeeded");
  });

  it("refuses to authenticate an intent that is not waiting for it, and to confirm or cancel a finished one", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    const paid = await chargeOffSession(customer.id, paymentMethod);
    const authenticate = await browserAuthenticate("payment_intents", paid, "complete");
    expect(authenticate.status).toBe(400);
    expect(authenticate.json.error.code).toBe("payment_intent_unexpected_state");
    expect(await cardError(stripe.paymentIntents.confirm(paid.id))).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expect(await cardError(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });

    const open = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id });
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect((await eventsFor(open.id)).map((e) => e.type)).toContain("payment_intent.canceled");
  });
});

describe("keys and client secrets", () => {
  it("lets the publishable key reach only intents by their client secret", async () => {
    const customer = await stripe.customers.create();
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id });
    for (const [method, path] of [
      ["POST", "/v1/customers"],
      ["GET", `/v1/customers/${customer.id}`],
      ["POST", "/v1/payment_intents"],
      ["GET", "/v1/events"],
      ["POST", "/v1/test_helpers/deliver_events"],
    ] as const) {
      const res = await call(method, path, {}, SANDBOX_PUBLISHABLE_KEY);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json.error.message).toMatch(/cannot be made with a publishable API key/);
    }
    const noSecret = await call("GET", `/v1/payment_intents/${intent.id}`, {}, SANDBOX_PUBLISHABLE_KEY);
    expect(noSecret.json.error).toMatchObject({ code: "parameter_missing", param: "client_secret" });
    const wrongSecret = await call("GET", `/v1/payment_intents/${intent.id}`, { client_secret: `${intent.id}_secret_guess` }, SANDBOX_PUBLISHABLE_KEY);
    expect(wrongSecret.status).toBe(400);
    const retrieved = await call("GET", `/v1/payment_intents/${intent.id}`, { client_secret: intent.client_secret! }, SANDBOX_PUBLISHABLE_KEY);
    expect(retrieved.json).toMatchObject({ id: intent.id, status: "requires_payment_method" });
    const stolen = await browserConfirm("payment_intents", { id: intent.id, client_secret: `${intent.id}_secret_guess` }, cardFields("4242424242424242"));
    expect(stolen.status).toBe(400);

    expect((await call("GET", "/v1/events", {}, "")).status).toBe(401);
    const wrongKey = await call("GET", "/v1/events", {}, "sk_test_someone_elses_key");
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json.error.message).toMatch(/^Invalid API Key provided: sk_test_\*+_key$/);
  });

  it("does not exist with a real Stripe key or in production", async () => {
    const request = () => new Request("https://api.stripe.com/v1/customers", { method: "POST", headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` } });
    expect((await sandboxApp.fetch(request(), { ...env, STRIPE_SECRET_KEY: "sk_test_x" })).status).toBe(404);
    expect((await sandboxApp.fetch(request(), { ...env, APP_ENV: "production" })).status).toBe(404);
    expect((await sandboxApp.fetch(request(), env)).status).toBe(200);
  });
});

describe("idempotency", () => {
  it("replays the stored answer byte for byte and creates nothing twice", async () => {
    const customer = await stripe.customers.create();
    const key = crypto.randomUUID();
    const first = await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id }, { idempotencyKey: key });
    const second = await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);

    const fields = { amount: "4999", currency: "usd", customer: customer.id };
    const rawKey = crypto.randomUUID();
    const original = await call("POST", "/v1/payment_intents", fields, SANDBOX_SECRET_KEY, { "Idempotency-Key": rawKey });
    const replay = await call("POST", "/v1/payment_intents", fields, SANDBOX_SECRET_KEY, { "Idempotency-Key": rawKey });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(original.headers.get("Idempotent-Replayed")).toBeNull();
    expect(replay.text).toBe(original.text);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(2);

    const conflict = await cardError(stripe.paymentIntents.create({ amount: 100, currency: "usd", customer: customer.id }, { idempotencyKey: key }));
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/);
  });

  it("replays a decline (4xx) without charging again", async () => {
    const { customer, paymentMethod } = await savedCard("4000000000000341");
    const key = crypto.randomUUID();
    const attempt = () => call("POST", "/v1/payment_intents", { amount: "9900", currency: "usd", customer: customer.id, payment_method: paymentMethod, off_session: "true", confirm: "true" }, SANDBOX_SECRET_KEY, { "Idempotency-Key": key });
    const declined = await attempt();
    const replay = await attempt();
    expect(declined.status).toBe(402);
    expect(replay.status).toBe(402);
    expect(replay.text).toBe(declined.text);
    const charges = await stripe.charges.list({ payment_intent: declined.json.error.payment_intent.id });
    expect(charges.data).toHaveLength(1);
  });

  it("claims a key before working: a second request meanwhile gets 409", async () => {
    const key = `claim-${crypto.randomUUID()}`;
    expect(await claimIdempotencyKey(env.DB, key, "fp1")).toEqual({ kind: "claimed" });
    expect(await claimIdempotencyKey(env.DB, key, "fp1")).toEqual({ kind: "in_progress" });
    expect(await claimIdempotencyKey(env.DB, key, "fp2")).toEqual({ kind: "mismatch" });
    await recordIdempotentAnswer(env.DB, key, 200, '{"ok":true}');
    expect(await claimIdempotencyKey(env.DB, key, "fp1")).toEqual({ kind: "replay", status: 200, body: '{"ok":true}' });

    const busy = `busy-${crypto.randomUUID()}`;
    const body = new URLSearchParams({ email: "busy@example.com" }).toString();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`POST /v1/customers\n${body}`)));
    const fingerprint = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    await claimIdempotencyKey(env.DB, `secret:${busy}`, fingerprint);
    const res = await call("POST", "/v1/customers", { email: "busy@example.com" }, SANDBOX_SECRET_KEY, { "Idempotency-Key": busy });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ type: "idempotency_error", message: expect.stringMatching(/^There is currently another in-progress request using this Idempotent Key/) });
  });

  it("confirms one intent once even when two confirms race", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    const intent = await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id, payment_method: paymentMethod });
    const results = await Promise.allSettled([stripe.paymentIntents.confirm(intent.id, { off_session: true }), stripe.paymentIntents.confirm(intent.id, { off_session: true })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await stripe.charges.list({ payment_intent: intent.id })).data).toHaveLength(1);
  });
});

describe("faults on demand", () => {
  it("the SDK's retry after an armed 500 creates exactly one PaymentIntent", async () => {
    const customer = await stripe.customers.create();
    const armed = await call("POST", "/v1/test_helpers/faults", { mode: "http_500", count: "1", path_prefix: "/v1/payment_intents" });
    expect(armed.json).toMatchObject({ object: "sandbox.fault", mode: "http_500", remaining: 1 });
    const attempts: (string | undefined)[] = [];
    const client = createStripe(env);
    client.on("request", (event: { idempotency_key?: string }) => attempts.push(event.idempotency_key));
    const intent = await client.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id });
    // Two attempts with the SDK's own key: the 500, then the retry that did the work.
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatch(/^stripe-node-retry-/);
    expect(attempts[1]).toBe(attempts[0]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sandbox_objects WHERE object = 'sandbox.fault'").first<{ n: number }>()).toEqual({ n: 0 });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((p) => p.id)).toEqual([intent.id]);
  });

  it("a 429 answers rate_limit without doing the work; DELETE clears armed faults", async () => {
    const customer = await stripe.customers.create();
    await call("POST", "/v1/test_helpers/faults", { mode: "http_429", count: "2", path_prefix: "/v1/payment_intents" });
    const limited = await cardError(stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id }));
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: "rate_limit" });
    expect((await call("DELETE", "/v1/test_helpers/faults")).json).toMatchObject({ deleted: 1 });
    await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("timeout_after_commit records the charge, never answers, and the SDK's retry gets the stored answer", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    await call("POST", "/v1/test_helpers/faults", { mode: "timeout_after_commit", path_prefix: "/v1/payment_intents" });
    const impatient = new Stripe(SANDBOX_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(sandboxFetch(env)), maxNetworkRetries: 1, timeout: 300 });
    const intent = await impatient.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id, payment_method: paymentMethod, off_session: true, confirm: true });
    expect(intent.status).toBe("succeeded");
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((p) => p.id)).toEqual([intent.id]);
    expect((await stripe.charges.list({ payment_intent: intent.id })).data).toHaveLength(1);

    await call("POST", "/v1/test_helpers/faults", { mode: "timeout_after_commit", path_prefix: "/v1/customers" });
    const noRetry = new Stripe(SANDBOX_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(sandboxFetch(env)), maxNetworkRetries: 0, timeout: 300 });
    const timedOut = await cardError(noRetry.customers.create({ email: "slow@example.com" }));
    expect(timedOut).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect((await stripe.customers.list({ email: "slow@example.com" })).data).toHaveLength(1);
  });
});

describe("events and webhooks", () => {
  it("signs like Stripe: the SDK verifies a good signature and refuses a wrong secret or a stale timestamp", async () => {
    const secret = env.STRIPE_WEBHOOK_SECRET!;
    const provider = Stripe.createSubtleCryptoProvider();
    const payload = JSON.stringify({ id: "evt_signed", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
    const now = Math.floor(Date.now() / 1000);
    const header = await signWebhookPayload(payload, secret, now);
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    const event = await Stripe.webhooks.constructEventAsync(payload, header, secret, undefined, provider);
    expect(event.id).toBe("evt_signed");
    await expect(Stripe.webhooks.constructEventAsync(payload, header, "whsec_wrong", undefined, provider)).rejects.toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = await signWebhookPayload(payload, secret, now - 600);
    await expect(Stripe.webhooks.constructEventAsync(payload, stale, secret, undefined, provider)).rejects.toThrow(/tolerance/);
    expect(await signWebhookPayload(payload, secret, now)).toBe(header);
  });

  it("records every state change as an event and delivers pending ones on demand, oldest first", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    const intent = await chargeOffSession(customer.id, paymentMethod);
    const [succeeded] = (await stripe.events.list({ type: "payment_intent.succeeded", limit: 100 })).data.filter((e) => (e.data.object as Stripe.PaymentIntent).id === intent.id);
    expect(succeeded).toMatchObject({ object: "event", api_version: Stripe.API_VERSION, livemode: false, pending_webhooks: 1, data: { object: { id: intent.id, status: "succeeded" } } });
    expect(succeeded!.id).toMatch(/^evt_/);
    expect(await stripe.events.retrieve(succeeded!.id)).toEqual(succeeded);
    const customerEvents = (await eventsFor(customer.id)).map((e) => e.type);
    expect(customerEvents).toContain("customer.created");

    const pendingBefore = (await stripe.events.list({ delivery_success: false, limit: 100 })).data.length;
    expect(pendingBefore).toBeGreaterThan(0);
    const delivered = await call("POST", "/v1/test_helpers/deliver_events");
    expect(delivered.status).toBe(200);
    const report = delivered.json as { delivered: number; failed: number };
    expect(report.delivered + report.failed).toBeGreaterThanOrEqual(Math.min(pendingBefore, 100));
    const pendingAfter = (await stripe.events.list({ delivery_success: false, limit: 100 })).data.length;
    expect(pendingAfter).toBe(report.failed);

    // The product's webhook route exists once /api/webhooks/stripe answers a bad signature with
    // 400 rather than 404: then every event must have been accepted and recorded by its id.
    const routeExists = (await exports.default.fetch(new Request("http://jplay.test/api/webhooks/stripe", { method: "POST", body: "{}" }))).status !== 404;
    if (routeExists) {
      expect(report.failed).toBe(0);
      const recorded = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(succeeded!.id).first<{ n: number }>();
      expect(recorded!.n).toBe(1);
      expect((await stripe.events.retrieve(succeeded!.id)).pending_webhooks).toBe(0);
    }
  });

  it("delivers a request's events in the background when the caller gives an execution context", async () => {
    const ctx = createExecutionContext();
    const withContext = createStripe(env, ctx);
    const customer = await withContext.customers.create({ email: "ctx@example.com" });
    await waitOnExecutionContext(ctx);
    const [created] = await eventsFor(customer.id);
    expect(created!.type).toBe("customer.created");
    const routeExists = (await exports.default.fetch(new Request("http://jplay.test/api/webhooks/stripe", { method: "POST", body: "{}" }))).status !== 404;
    expect(created!.pending_webhooks).toBe(routeExists ? 0 : 1);
  });

  it("stores events without delivering them when no webhook secret is configured", async () => {
    const unsigned = { ...env, STRIPE_WEBHOOK_SECRET: undefined };
    const res = await sandboxApp.fetch(
      new Request("https://api.stripe.com/v1/customers", { method: "POST", headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "email=nosecret%40example.com" }),
      unsigned,
    );
    const customer = (await res.json()) as { id: string };
    const [created] = await eventsFor(customer.id);
    expect(created).toMatchObject({ type: "customer.created", pending_webhooks: 0 });
    const report = await sandboxApp.fetch(new Request("https://api.stripe.com/v1/test_helpers/deliver_events", { method: "POST", headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` } }), unsigned);
    expect(await report.json()).toEqual({ delivered: 0, failed: 0 });
  });
});
