/**
 * The Stripe sandbox Worker on its own, through the official SDK (as the product's server calls it)
 * and over HTTP (as the browser's card form calls it): Stripe's wire format, test cards, SetupIntents,
 * off-session payments, 3-D Secure, which key may do what, idempotency and faults on demand. The
 * product relies on each of these behaving as Stripe's test mode does, so they are checked against
 * Stripe's documented answers (https://docs.stripe.com/api, https://docs.stripe.com/testing).
 * Webhook delivery is proved in webhooks.test.ts, Connect in connect.test.ts.
 */
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { brandOf, luhnValid } from "../src/money/cards";
import { decodeForm } from "../src/http/form";
import { claimIdempotencyKey, recordIdempotentAnswer } from "../src/http/idempotency";
import { SANDBOX_PUBLISHABLE_KEY, SANDBOX_SECRET_KEY, call, eventsFor as eventsAbout, sandboxStripe, stripeError } from "./support";

const stripe = sandboxStripe();
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

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

const eventsFor = (objectId: string) => eventsAbout(stripe, objectId);

describe("Stripe wire format", () => {
  it("creates, retrieves and updates customers with Stripe's object shape", async () => {
    const customer = await stripe.customers.create({ phone: "+1 555 010 0100", email: "ada@example.com", metadata: { artist: "ada" } });
    expect(customer).toMatchObject({ object: "customer", livemode: false, phone: "+1 555 010 0100", email: "ada@example.com", metadata: { artist: "ada" } });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{24}$/);
    expect(customer.created).toBeCloseTo(Date.now() / 1000, -2);
    const updated = await stripe.customers.update(customer.id, { phone: "+1 555 010 0101", metadata: { artist: "", plan: "pro" } });
    expect(updated).toMatchObject({ phone: "+1 555 010 0101", metadata: { plan: "pro" } });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toEqual(updated);

    const missing = await stripeError(stripe.customers.retrieve("cus_nope"));
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
    expect(created.json).toMatchObject({
      object: "payment_intent",
      amount: 1999,
      currency: "usd",
      status: "requires_payment_method",
      customer: { id: customer.id, object: "customer" },
    });
    expect(created.json.client_secret).toMatch(new RegExp(`^${created.json.id}_secret_[A-Za-z0-9]+$`));
    expect(created.text).toContain('\n  "id"'); // pretty-printed, as Stripe answers

    const unknown = await call("POST", "/v1/customers", { colour: "blue" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ type: "invalid_request_error", code: "parameter_unknown", param: "colour" });
    const badAmount = await stripeError(stripe.paymentIntents.create({ amount: 10, currency: "usd" }));
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
    const foreign = await stripeError(stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: other.id } }));
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
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 9900,
      amount_received: 9900,
      currency: "usd",
      payment_method: paymentMethod,
      last_payment_error: null,
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({
      object: "charge",
      status: "succeeded",
      paid: true,
      captured: true,
      amount: 9900,
      payment_intent: intent.id,
      metadata: { song: "s1" },
    });
    expect(charge.id).toMatch(/^ch_/);
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
    expect(expanded.latest_charge).toMatchObject({ id: charge.id, object: "charge" });
    expect(expanded.payment_method).toMatchObject({ id: paymentMethod, object: "payment_method" });
    expect((await eventsFor(intent.id)).map((e) => e.type)).toEqual(["payment_intent.succeeded", "payment_intent.created"]);
  });

  it("sets up 4000 0000 0000 0341 fine, then declines every charge with the intent back at requires_payment_method", async () => {
    const { customer, paymentMethod } = await savedCard("4000000000000341");
    const error = await stripeError(chargeOffSession(customer.id, paymentMethod));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
    const intent = error.payment_intent!;
    expect(intent).toMatchObject({ status: "requires_payment_method", payment_method: null, amount_received: 0 });
    expect(intent.last_payment_error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      payment_method: { id: paymentMethod },
    });
    expect(intent.latest_charge).toBe(error.charge);
    expect(await stripe.charges.retrieve(error.charge!)).toMatchObject({
      status: "failed",
      paid: false,
      failure_code: "card_declined",
      outcome: { type: "issuer_declined" },
    });
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
    const error = await stripeError(
      stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id, payment_method: paymentMethod, confirm: true }),
    );
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
    expect(failed.json).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      last_setup_error: { code: "setup_intent_authentication_failure" },
    });
    expect((await eventsFor(intent.id)).map((e) => e.type)).toEqual(expect.arrayContaining(["setup_intent.requires_action", "setup_intent.setup_failed"]));

    const retried = await browserConfirm("setup_intents", intent, cardFields("4000002500003155"));
    expect(retried.json.status).toBe("requires_action");
    const completed = await browserAuthenticate("setup_intents", intent, "complete");
    expect(completed.json).toMatchObject({ status: "succeeded", last_setup_error: null });
    const paymentMethod = completed.json.payment_method as string;
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).customer).toBe(customer.id);

    const offSession = await chargeOffSession(customer.id, paymentMethod);
    expect(offSession.status).toBe("succeeded");

    const onSession = await stripe.paymentIntents.create({
      amount: 4999,
      currency: "usd",
      customer: customer.id,
      payment_method: paymentMethod,
      confirm: true,
    });
    expect(onSession).toMatchObject({ status: "requires_action", next_action: { type: "use_stripe_sdk" }, payment_method: paymentMethod });
    const paid = await browserAuthenticate("payment_intents", onSession, "complete");
    expect(paid.json).toMatchObject({ status: "succeeded", amount_received: 4999 });

    const neverSetUp = await stripeError(
      stripe.paymentIntents.create({
        amount: 4999,
        currency: "usd",
        customer: customer.id,
        payment_method: "pm_card_authenticationRequiredOnSetup",
        off_session: true,
        confirm: true,
      }),
    );
    expect(neverSetUp).toMatchObject({ code: "authentication_required", decline_code: "authentication_required" });
  });

  it("4000 0027 6000 3184: always authenticates; off-session is declined with authentication_required", async () => {
    const { customer, intent, confirmed } = await setUpCard("4000002760003184");
    expect(confirmed.json.status).toBe("requires_action");
    const completed = await browserAuthenticate("setup_intents", intent, "complete");
    expect(completed.json.status).toBe("succeeded");
    const paymentMethod = completed.json.payment_method as string;

    const declined = await stripeError(chargeOffSession(customer.id, paymentMethod));
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
    expect(await stripeError(stripe.paymentIntents.confirm(paid.id))).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expect(await stripeError(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });

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

  it("refuses the secret key from a browser, where it would be exposed; the publishable key and a client secret work there", async () => {
    // Stripe: secret keys belong on the server; a browser uses the publishable key
    // (https://docs.stripe.com/keys#obtain-api-keys). A browser always says where it is: Sec-Fetch-Site, or Origin.
    const customer = await stripe.customers.create();
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id });
    for (const browser of [{ "Sec-Fetch-Site": "same-origin" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "http://jplay.test" }] as Record<
      string,
      string
    >[]) {
      const created = await call("POST", "/v1/customers", { email: "from-a-browser@example.com" }, SANDBOX_SECRET_KEY, browser);
      expect(created.status, JSON.stringify(browser)).toBe(401);
      expect(created.json.error).toMatchObject({
        type: "invalid_request_error",
        message: expect.stringMatching(/^Secret API keys cannot be used from a browser/),
      });
      const read = await call("GET", `/v1/payment_intents/${intent.id}`, {}, SANDBOX_SECRET_KEY, browser);
      expect(read.status, JSON.stringify(browser)).toBe(401);
    }
    expect((await stripe.customers.list({ email: "from-a-browser@example.com" })).data).toEqual([]);

    const browser = { "Sec-Fetch-Site": "same-origin", Origin: "http://jplay.test" };
    const retrieved = await call("GET", `/v1/payment_intents/${intent.id}`, { client_secret: intent.client_secret! }, SANDBOX_PUBLISHABLE_KEY, browser);
    expect(retrieved.status).toBe(200);
    expect(retrieved.json).toMatchObject({ id: intent.id, status: "requires_payment_method" });
    const toPay = await stripe.paymentIntents.create({ amount: 4999, currency: "usd", customer: customer.id });
    const paid = await call(
      "POST",
      `/v1/payment_intents/${toPay.id}/confirm`,
      { client_secret: toPay.client_secret!, ...cardFields("4242424242424242") },
      SANDBOX_PUBLISHABLE_KEY,
      browser,
    );
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ id: toPay.id, status: "succeeded", amount_received: 4999 });
  });

  it("refuses the publishable key on every list: what other customers did is never the browser's to read", async () => {
    for (const path of [
      "/v1/payment_intents",
      "/v1/setup_intents",
      "/v1/events",
      "/v1/customers",
      "/v1/charges",
      "/v1/payment_methods",
      "/v1/accounts",
      "/v1/transfers",
    ]) {
      for (const headers of [{}, { "Sec-Fetch-Site": "same-origin" }] as Record<string, string>[]) {
        const res = await call("GET", path, {}, SANDBOX_PUBLISHABLE_KEY, headers);
        expect(res.status, path).toBe(401);
        expect(res.json.error.message, path).toMatch(/cannot be made with a publishable API key/);
        expect(res.json.data, path).toBeUndefined();
      }
    }
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

    const conflict = await stripeError(stripe.paymentIntents.create({ amount: 100, currency: "usd", customer: customer.id }, { idempotencyKey: key }));
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/);
  });

  it("keeps no answer for parameters that failed validation: the corrected request runs under the same key; a refusal after the endpoint began is kept", async () => {
    const customer = await stripe.customers.create();
    const key = crypto.randomUUID();
    const headers = { "Idempotency-Key": key };
    const unknown = await call(
      "POST",
      "/v1/payment_intents",
      { amount: "9900", currency: "usd", customer: customer.id, colour: "red" },
      SANDBOX_SECRET_KEY,
      headers,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: "parameter_unknown" });
    // The same invalid request again runs again (it is not a replay), and so does the corrected one.
    const again = await call(
      "POST",
      "/v1/payment_intents",
      { amount: "9900", currency: "usd", customer: customer.id, colour: "red" },
      SANDBOX_SECRET_KEY,
      headers,
    );
    expect(again.status).toBe(400);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    const missing = await call("POST", "/v1/payment_intents", { currency: "usd", customer: customer.id }, SANDBOX_SECRET_KEY, headers);
    expect(missing.json.error).toMatchObject({ code: "parameter_missing", param: "amount" });
    const corrected = await call("POST", "/v1/payment_intents", { amount: "9900", currency: "usd", customer: customer.id }, SANDBOX_SECRET_KEY, headers);
    expect(corrected.status).toBe(200);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((intent) => intent.id)).toEqual([corrected.json.id]);

    // A refusal once the endpoint ran (a second full refund) is kept and replayed for its key.
    const paid = await stripe.paymentIntents.create({ amount: 1500, currency: "usd", payment_method: "pm_card_visa", confirm: true });
    await stripe.refunds.create({ payment_intent: paid.id });
    const refundKey = { "Idempotency-Key": crypto.randomUUID() };
    const refused = await call("POST", "/v1/refunds", { payment_intent: paid.id }, SANDBOX_SECRET_KEY, refundKey);
    expect(refused.json.error).toMatchObject({ code: "charge_already_refunded" });
    const replayed = await call("POST", "/v1/refunds", { payment_intent: paid.id }, SANDBOX_SECRET_KEY, refundKey);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.text).toBe(refused.text);
  });

  it("replays a decline (4xx) without charging again", async () => {
    const { customer, paymentMethod } = await savedCard("4000000000000341");
    const key = crypto.randomUUID();
    const attempt = () =>
      call(
        "POST",
        "/v1/payment_intents",
        { amount: "9900", currency: "usd", customer: customer.id, payment_method: paymentMethod, off_session: "true", confirm: "true" },
        SANDBOX_SECRET_KEY,
        { "Idempotency-Key": key },
      );
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
    expect(res.json.error).toMatchObject({
      type: "idempotency_error",
      message: expect.stringMatching(/^There is currently another in-progress request using this Idempotent Key/),
    });
  });

  it("confirms one intent once even when two confirms race", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    const intent = await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id, payment_method: paymentMethod });
    const results = await Promise.allSettled([
      stripe.paymentIntents.confirm(intent.id, { off_session: true }),
      stripe.paymentIntents.confirm(intent.id, { off_session: true }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await stripe.charges.list({ payment_intent: intent.id })).data).toHaveLength(1);
  });
});

describe("faults on demand", () => {
  /** Every request the SDK sends (its own retries included), with its idempotency key and status. */
  const recordingClient = () => {
    const sent: { key: string | null; status: number; shouldRetry: string | null }[] = [];
    const client = sandboxStripe({
      httpClient: Stripe.createFetchHttpClient(async (input, init) => {
        const request = new Request(input, init);
        const response = await exports.default.fetch(request);
        sent.push({ key: request.headers.get("Idempotency-Key"), status: response.status, shouldRetry: response.headers.get("Stripe-Should-Retry") });
        return response;
      }),
    });
    return { client, sent };
  };
  const armedFaults = async () => (await env.DB.prepare("SELECT count(*) AS n FROM sandbox_objects WHERE object = 'sandbox.fault'").first<{ n: number }>())!.n;

  it("a 500 in front of the API (http_500_before_key) is not stored: the SDK's retry with the same key runs, creating exactly one PaymentIntent", async () => {
    const customer = await stripe.customers.create();
    const armed = await call("POST", "/v1/test_helpers/faults", { mode: "http_500_before_key", count: "1", path_prefix: "/v1/payment_intents" });
    expect(armed.json).toMatchObject({ object: "sandbox.fault", mode: "http_500_before_key", remaining: 1 });
    const { client, sent } = recordingClient();
    const intent = await client.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id });
    // Two attempts with the SDK's own key: the 500 (nothing stored, no Stripe-Should-Retry), then the retry that did the work.
    expect(sent.map((s) => [s.status, s.shouldRetry])).toEqual([
      [500, null],
      [200, null],
    ]);
    expect(sent[0]!.key).toMatch(/^stripe-node-retry-/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(await armedFaults()).toBe(0);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((p) => p.id)).toEqual([intent.id]);
  });

  it("a 500 once the request began (http_500) is stored under its key and says not to retry: the SDK sends it once, nothing is created; only a new key runs the request", async () => {
    // https://docs.stripe.com/api/idempotent_requests: results are saved once the endpoint began, 500s included.
    const customer = await stripe.customers.create();
    await call("POST", "/v1/test_helpers/faults", { mode: "http_500", count: "1", path_prefix: "/v1/payment_intents", method: "POST" });
    // Armed for POST only: a lookup by GET does not spend it.
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toEqual([]);
    expect(await armedFaults()).toBe(1);
    const { client, sent } = recordingClient();
    const params = { amount: 9900, currency: "usd", customer: customer.id };
    const failed = await stripeError(client.paymentIntents.create(params, { idempotencyKey: "fault-stored-500" }));
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).toMatchObject({ statusCode: 500, type: "StripeAPIError" });
    // Stripe-Should-Retry: false (a resend could only replay it): the SDK's maxNetworkRetries sends nothing more.
    expect(sent.map((s) => s.status)).toEqual([500]);
    expect(sent[0]!.shouldRetry).toBe("false");
    expect(await armedFaults()).toBe(0);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toEqual([]);

    // Over HTTP: the same 500, replayed, for as long as Stripe keeps the key.
    const fields = { amount: "9900", currency: "usd", customer: customer.id };
    const replayed = await call("POST", "/v1/payment_intents", fields, SANDBOX_SECRET_KEY, { "Idempotency-Key": "fault-stored-500" });
    expect(replayed.status).toBe(500);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.headers.get("Stripe-Should-Retry")).toBe("false");
    expect(replayed.json.error).toMatchObject({ type: "api_error" });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toEqual([]);

    const fresh = await client.paymentIntents.create(params, { idempotencyKey: "fault-stored-500:attempt:1" });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((p) => p.id)).toEqual([fresh.id]);
  });

  it("a 500 after the work (http_500_after_commit): the charge is made and its events sent, yet its key answers 500; the intent is found by listing", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    await call("POST", "/v1/test_helpers/faults", { mode: "http_500_after_commit", count: "1", path_prefix: "/v1/payment_intents" });
    const { client, sent } = recordingClient();
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 4999,
      currency: "usd",
      customer: customer.id,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
      metadata: { paymentId: "pay_after_commit" },
    };
    const failed = await stripeError(client.paymentIntents.create(params, { idempotencyKey: "fault-after-commit" }));
    expect(failed).toMatchObject({ statusCode: 500 });
    expect(sent.map((s) => [s.status, s.shouldRetry])).toEqual([[500, "false"]]);

    const [made] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(made).toMatchObject({ status: "succeeded", amount: 4999, metadata: { paymentId: "pay_after_commit" } });
    expect((await stripe.charges.list({ payment_intent: made!.id })).data.map((c) => c.paid)).toEqual([true]);
    expect((await eventsFor(made!.id)).map((e) => e.type)).toEqual(["payment_intent.succeeded", "payment_intent.created"]);
    // The key never tells: it replays the 500, and charges nothing more.
    expect(await stripeError(stripe.paymentIntents.create(params, { idempotencyKey: "fault-after-commit" }))).toMatchObject({ statusCode: 500 });
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("a declined charge under http_500_after_commit is recorded, and its key answers 500 instead of the decline", async () => {
    const { customer, paymentMethod } = await savedCard("4000000000000341");
    await call("POST", "/v1/test_helpers/faults", { mode: "http_500_after_commit", count: "1", path_prefix: "/v1/payment_intents" });
    const failed = await stripeError(chargeOffSession(customer.id, paymentMethod, {}));
    expect(failed).toMatchObject({ statusCode: 500 });
    const [made] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(made).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "card_declined" } });
  });

  it("lists PaymentIntents by creation time (created[gte], created[lt])", async () => {
    const customer = await stripe.customers.create();
    const first = await stripe.paymentIntents.create({ amount: 1000, currency: "usd", customer: customer.id });
    const listed = async (created: Stripe.RangeQueryParam) => (await stripe.paymentIntents.list({ customer: customer.id, created })).data.map((p) => p.id);
    expect(await listed({ gte: first.created })).toEqual([first.id]);
    expect(await listed({ gt: first.created })).toEqual([]);
    expect(await listed({ lt: first.created })).toEqual([]);
  });

  it("a 429 answers rate_limit without doing the work; DELETE clears armed faults", async () => {
    const customer = await stripe.customers.create();
    await call("POST", "/v1/test_helpers/faults", { mode: "http_429", count: "2", path_prefix: "/v1/payment_intents" });
    const limited = await stripeError(stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id }));
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: "rate_limit" });
    expect((await call("DELETE", "/v1/test_helpers/faults")).json).toMatchObject({ deleted: 1 });
    await stripe.paymentIntents.create({ amount: 9900, currency: "usd", customer: customer.id });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("timeout_after_commit records the charge, never answers, and the SDK's retry gets the stored answer", async () => {
    const { customer, paymentMethod } = await savedCard("4242424242424242");
    await call("POST", "/v1/test_helpers/faults", { mode: "timeout_after_commit", path_prefix: "/v1/payment_intents" });
    // The held answer (TIMEOUT_HOLD_MS, 25 s) always outlasts the client's 3 s; the retry's stored
    // answer comes at once, with room to spare on a busy machine.
    const impatient = sandboxStripe({ maxNetworkRetries: 1, timeout: 3_000 });
    const intent = await impatient.paymentIntents.create({
      amount: 9900,
      currency: "usd",
      customer: customer.id,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    });
    expect(intent.status).toBe("succeeded");
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data.map((p) => p.id)).toEqual([intent.id]);
    expect((await stripe.charges.list({ payment_intent: intent.id })).data).toHaveLength(1);

    await call("POST", "/v1/test_helpers/faults", { mode: "timeout_after_commit", path_prefix: "/v1/customers" });
    const noRetry = sandboxStripe({ maxNetworkRetries: 0, timeout: 3_000 });
    const timedOut = await stripeError(noRetry.customers.create({ email: "slow@example.com" }));
    expect(timedOut).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect((await stripe.customers.list({ email: "slow@example.com" })).data).toHaveLength(1);
  });
});
