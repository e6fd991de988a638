/**
 * The parameters of the SDK's pinned API version (`Stripe.API_VERSION`): every list the sandbox
 * accepts is typed against the SDK's parameter types (`satisfies readonly (keyof Stripe.XxxParams)[]`),
 * so it cannot keep a parameter that version removed, and the sandbox refuses such a parameter as
 * Stripe does. The first block is checked by `tsc` (the package's typecheck), not at run time.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { SANDBOX_PUBLISHABLE_KEY, call, sandboxStripe, stripeError } from "./support";

const stripe = sandboxStripe();

describe("parameter lists typed against the SDK", () => {
  it("cannot hold a key the SDK's type lacks (tsc refuses the lines marked @ts-expect-error)", () => {
    const known = ["amount", "currency", "allowed_payment_method_types"] as const satisfies readonly (keyof Stripe.PaymentIntentCreateParams)[];
    // @ts-expect-error a key no PaymentIntent create takes
    const bogus = ["amount", "bogus_param"] as const satisfies readonly (keyof Stripe.PaymentIntentCreateParams)[];
    // @ts-expect-error removed from PaymentIntent create in the pinned version (allowed_payment_method_types replaced it)
    const removed = ["amount", "payment_method_types"] as const satisfies readonly (keyof Stripe.PaymentIntentCreateParams)[];
    // @ts-expect-error removed from SetupIntent create too
    const removedOnSetup = ["payment_method_types"] as const satisfies readonly (keyof Stripe.SetupIntentCreateParams)[];
    expect([known, bogus, removed, removedOnSetup].every(Array.isArray)).toBe(true);
  });

  it("names the pinned version the removed parameters were checked for (a new SDK means re-reading Stripe's changelog)", () => {
    expect(Stripe.API_VERSION).toBe("2026-10-28.endive");
  });
});

describe("parameters the pinned version removed", () => {
  it("refuses payment_method_types on PaymentIntent create with Stripe's 400 payment_method_types_no_longer_supported", async () => {
    const answer = await call("POST", "/v1/payment_intents", {
      amount: "9900",
      currency: "usd",
      "payment_method_types[0]": "card",
      "metadata[probe]": "removed",
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ type: "invalid_request_error", code: "payment_method_types_no_longer_supported", param: "payment_method_types" });
    // Through the SDK (whose types no longer let it be written) the product would see the same refusal.
    const params = { amount: 9900, currency: "usd", payment_method_types: ["card"], metadata: { probe: "removed" } } as Stripe.PaymentIntentCreateParams;
    const error = await stripeError(stripe.paymentIntents.create(params));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe("payment_method_types_no_longer_supported");
    const created = (await stripe.paymentIntents.list({ limit: 100 })).data.filter((intent) => intent.metadata.probe === "removed");
    expect(created).toEqual([]);
  });

  it("refuses it on SetupIntent create and on PaymentIntent confirm, from the server and from the browser", async () => {
    const customer = await stripe.customers.create({});
    const setup = await call("POST", "/v1/setup_intents", { customer: customer.id, "payment_method_types[0]": "card" });
    expect(setup.status).toBe(400);
    expect(setup.json.error.code).toBe("payment_method_types_no_longer_supported");

    const intent = await stripe.paymentIntents.create({
      amount: 9900,
      currency: "usd",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    const server = await call("POST", `/v1/payment_intents/${intent.id}/confirm`, { payment_method: "pm_card_visa", "payment_method_types[0]": "card" });
    expect(server.status).toBe(400);
    expect(server.json.error.code).toBe("payment_method_types_no_longer_supported");
    const browser = await call(
      "POST",
      `/v1/payment_intents/${intent.id}/confirm`,
      { client_secret: intent.client_secret!, payment_method: "pm_card_visa", "payment_method_types[]": "card" },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(browser.status).toBe(400);
    expect(browser.json.error.code).toBe("payment_method_types_no_longer_supported");
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
  });

  it("answers parameter_unknown, in Stripe's words, where the parameter never existed (SetupIntent confirm)", async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ["card"] });
    const answer = await call("POST", `/v1/setup_intents/${intent.id}/confirm`, { payment_method: "pm_card_visa", "payment_method_types[0]": "card" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: "payment_method_types",
      message: "Received unknown parameter: payment_method_types",
    });
  });
});

describe("what replaced it", () => {
  it("takes allowed_payment_method_types on PaymentIntent create and shows it on the intent", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 9900,
      currency: "usd",
      allowed_payment_method_types: ["card"],
      payment_method: "pm_card_visa",
      confirm: true,
    });
    expect(intent).toMatchObject({
      status: "succeeded",
      allowed_payment_method_types: ["card"],
      automatic_payment_methods: null,
      payment_method_types: ["card"],
    });
  });

  it("refuses allowed_payment_method_types together with automatic_payment_methods (one way to choose payment methods)", async () => {
    const error = await stripeError(
      stripe.paymentIntents.create({ amount: 9900, currency: "usd", allowed_payment_method_types: ["card"], automatic_payment_methods: { enabled: true } }),
    );
    expect(error).toMatchObject({ statusCode: 400, code: "parameters_exclusive", param: "automatic_payment_methods" });
    const setup = await stripeError(stripe.setupIntents.create({ allowed_payment_method_types: ["card"], automatic_payment_methods: { enabled: true } }));
    expect(setup.code).toBe("parameters_exclusive");
  });
});

describe("lists split where Stripe's endpoints differ", () => {
  it("refuses `customer` on a customer's own payment method list (the customer is in the path)", async () => {
    const customer = await stripe.customers.create({});
    const answer = await call("GET", `/v1/customers/${customer.id}/payment_methods`, { customer: customer.id });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: "parameter_unknown", param: "customer" });
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: "card" })).data).toEqual([]);
  });

  it("refuses parameters on customer delete, which takes none", async () => {
    const customer = await stripe.customers.create({});
    const answer = await call("DELETE", `/v1/customers/${customer.id}`, { colour: "blue" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: "parameter_unknown", param: "colour" });
    expect(await stripe.customers.del(customer.id)).toMatchObject({ deleted: true });
  });

  it("takes a Custom account's identity and business profile as Stripe does, and checks their nested names", async () => {
    const account = await stripe.accounts.create({
      type: "custom",
      country: "US",
      business_type: "individual",
      capabilities: { transfers: { requested: true } },
      business_profile: { mcc: "5735", url: "https://accessible.stripe.com", product_description: "Music distribution payouts" },
      individual: {
        first_name: "Ada",
        last_name: "Lovelace",
        dob: { day: 1, month: 1, year: 1901 },
        address: { line1: "address_full_match", city: "San Francisco", state: "CA", postal_code: "94111", country: "US" },
        id_number: "000000000",
      },
    });
    expect(account.business_profile).toMatchObject({ mcc: "5735", url: "https://accessible.stripe.com", product_description: "Music distribution payouts" });
    const answer = await call("POST", `/v1/accounts/${account.id}`, { "individual[dob][hour]": "3" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code: "parameter_unknown",
      param: "individual[dob][hour]",
      message: "Received unknown parameter: individual[dob][hour]",
    });
  });
});
