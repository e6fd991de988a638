/**
 * Subscriptions over time, as Stripe Billing runs them (https://docs.stripe.com/billing/subscriptions/overview):
 * the first invoice paid in the browser saves its card as the subscription's default when asked
 * (`payment_settings.save_default_payment_method=on_subscription`); when the sandbox clock passes the
 * end of a period the next call renews it, paying the new invoice off-session with that card (or
 * leaving it open and the subscription `past_due`); a first invoice left unpaid for 23 hours expires
 * the subscription (`incomplete_expired`); `cancel_at_period_end` ends it when the paid period does,
 * and can be taken back before then (https://docs.stripe.com/billing/subscriptions/cancel).
 */
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { SANDBOX_PUBLISHABLE_KEY, advanceClock, call, deliveriesAbout, eventsFor, sandboxStripe, settledCall, stripeError, verifyDelivery } from "./support";

const stripe = sandboxStripe();
// Years ahead, not one: the file moves the sandbox clock by months in all, and a card must not expire on it.
const CARD_EXPIRY_YEAR = String(new Date().getUTCFullYear() + 5);
const HOUR = 60 * 60;
/** Waits for what the sandbox does in the background (webhook delivery); generous for a busy runner. */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

let price: Promise<Stripe.Price> | undefined;
const monthlyPrice = () =>
  (price ??= stripe.prices.create({ currency: "usd", unit_amount: 1499, recurring: { interval: "month" }, product_data: { name: "Sandbox Pro" } }));

type Save = "on_subscription" | "off";

/** A new customer's subscription as the product creates it: its first invoice waits for the browser. */
async function newSubscription(save: Save = "on_subscription", customerId?: string) {
  const customer = customerId ?? (await stripe.customers.create({ metadata: { source: "subscriptions-test" } })).id;
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: (await monthlyPrice()).id }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: save },
    expand: ["latest_invoice.confirmation_secret"],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  return { customer, subscription, invoice, clientSecret: invoice.confirmation_secret!.client_secret };
}

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** The browser pays the invoice's intent with new card details (publishable key + client secret). */
const payInBrowser = (clientSecret: string, number = "4242424242424242") =>
  call(
    "POST",
    `/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`,
    {
      client_secret: clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": number,
      "payment_method_data[card][exp_month]": "12",
      "payment_method_data[card][exp_year]": CARD_EXPIRY_YEAR,
      "payment_method_data[card][cvc]": "123",
    },
    SANDBOX_PUBLISHABLE_KEY,
  );

/** A subscription whose first invoice the browser paid; answers it as Stripe has it now. */
async function activeSubscription(save: Save = "on_subscription", number?: string) {
  const created = await newSubscription(save);
  const paid = await payInBrowser(created.clientSecret, number);
  expect(paid.status, paid.text).toBe(200);
  expect(paid.json.status).toBe("succeeded");
  const subscription = await stripe.subscriptions.retrieve(created.subscription.id);
  expect(subscription.status).toBe("active");
  return { ...created, subscription, paymentMethod: paid.json.payment_method as string };
}

const periodOf = (subscription: Stripe.Subscription) => subscription.items.data[0]!;

/** Moves the clock just past the subscription's current period end (the next call then renews). */
const passPeriodEnd = (subscription: Stripe.Subscription) =>
  advanceClock(periodOf(subscription).current_period_end - periodOf(subscription).current_period_start + 60);

/** An active subscription whose card, from now on, behaves like the test card `number`, past its period end (the renewal tried once). */
async function renewedWhileCardBehavesLike(number: string) {
  const active = await activeSubscription();
  expect((await call("POST", `/v1/test_helpers/payment_methods/${active.paymentMethod}/simulate_card`, { behaves_like: number })).status).toBe(200);
  await passPeriodEnd(active.subscription);
  return active;
}

const invoicesOf = async (subscriptionId: string) => (await stripe.invoices.list({ subscription: subscriptionId, limit: 100 })).data;
const eventTypes = async (objectId: string) => (await eventsFor(stripe, objectId)).map((e) => e.type);

describe("the first invoice", () => {
  it("with save_default_payment_method=on_subscription, makes the card that paid it the subscription's default_payment_method", async () => {
    const { subscription, invoice, paymentMethod, clientSecret } = await activeSubscription("on_subscription");
    expect(subscription).toMatchObject({
      status: "active",
      default_payment_method: paymentMethod,
      payment_settings: { save_default_payment_method: "on_subscription" },
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: "paid", amount_paid: 1499, billing_reason: "subscription_create" });
    // Saved for the renewals Stripe charges without the cardholder, and attached to the customer.
    expect(await stripe.paymentIntents.retrieve(intentIdOf(clientSecret))).toMatchObject({ status: "succeeded", setup_future_usage: "off_session" });
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).customer).toBe(subscription.customer);
    const updated = (await eventsFor(stripe, subscription.id)).find((e) => e.type === "customer.subscription.updated")!;
    expect(updated.data.previous_attributes).toMatchObject({ status: "incomplete", default_payment_method: null });
  });

  it("with save_default_payment_method=off, leaves default_payment_method empty", async () => {
    const { subscription } = await activeSubscription("off");
    expect(subscription.default_payment_method).toBeNull();
  });
});

describe("renewals on the sandbox clock", () => {
  it("when the clock passes the period end, the next call starts the next period and pays its invoice off-session with the default card", async () => {
    const { subscription, paymentMethod } = await activeSubscription();
    const first = periodOf(subscription);
    await passPeriodEnd(subscription);

    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe("active");
    expect(periodOf(renewed).current_period_start).toBe(first.current_period_end);
    const expectedEnd = new Date(first.current_period_start * 1000);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 2);
    expect(Math.abs(periodOf(renewed).current_period_end - expectedEnd.getTime() / 1000)).toBeLessThanOrEqual(3 * 24 * HOUR);
    const [latest, original] = await invoicesOf(subscription.id);
    expect(original!.id).toBe(subscription.latest_invoice);
    expect(latest).toMatchObject({
      id: renewed.latest_invoice,
      status: "paid",
      amount_paid: 1499,
      billing_reason: "subscription_cycle",
      period_start: first.current_period_end,
      period_end: periodOf(renewed).current_period_end,
    });
    const charges = (await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data;
    expect(charges.map((c) => [c.amount, c.status, c.payment_method])).toEqual([
      [1499, "succeeded", paymentMethod],
      [1499, "succeeded", paymentMethod],
    ]);
    expect(await eventTypes(latest!.id)).toEqual(expect.arrayContaining(["invoice.created", "invoice.finalized", "invoice.paid", "invoice.payment_succeeded"]));
    // Delivered to the platform endpoint like any other event.
    const paidDelivery = await eventually(async () => {
      const found = (await deliveriesAbout(latest!.id)).find((d) => (JSON.parse(d.body) as { type: string }).type === "invoice.paid");
      expect(found).toBeDefined();
      return found!;
    });
    await verifyDelivery(paidDelivery, env.STRIPE_WEBHOOK_SECRET);

    // Not again until the next period ends.
    expect(await invoicesOf(subscription.id)).toHaveLength(2);
  });

  it("before the period end, nothing renews", async () => {
    const { subscription } = await activeSubscription();
    await advanceClock(periodOf(subscription).current_period_end - periodOf(subscription).current_period_start - HOUR);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: "active", latest_invoice: subscription.latest_invoice });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
  });

  it("a card that now declines leaves the renewal invoice open and the subscription past_due, with invoice.payment_failed", async () => {
    const { subscription, paymentMethod } = await renewedWhileCardBehavesLike("4000000000000341");

    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(pastDue.status).toBe("past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", attempted: true, attempt_count: 1, amount_paid: 0, billing_reason: "subscription_cycle" });
    expect(await eventTypes(invoice.id)).toContain("invoice.payment_failed");
    const failed = (await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data[0]!;
    expect(failed).toMatchObject({ status: "failed", payment_method: paymentMethod, failure_code: "card_declined" });
    const updates = (await eventsFor(stripe, subscription.id)).filter((e) => e.type === "customer.subscription.updated");
    expect(updates[0]!.data.previous_attributes).toMatchObject({ status: "active" });
  });

  it("a card that needs 3-D Secure leaves the renewal's intent requires_action (invoice.payment_action_required, invoice.payment_failed, past_due); once the customer authenticates it is paid and active again", async () => {
    const { subscription, paymentMethod } = await renewedWhileCardBehavesLike("4000002760003184");

    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice.confirmation_secret"] });
    expect(pastDue.status).toBe("past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", attempt_count: 1, billing_reason: "subscription_cycle" });
    expect(await eventTypes(invoice.id)).toEqual(expect.arrayContaining(["invoice.payment_action_required", "invoice.payment_failed"]));
    const clientSecret = invoice.confirmation_secret!.client_secret;
    const intent = await stripe.paymentIntents.retrieve(intentIdOf(clientSecret));
    expect(intent).toMatchObject({ status: "requires_action", payment_method: paymentMethod, last_payment_error: null });
    expect(intent.next_action?.type).toBe("use_stripe_sdk");
    // Nothing was charged: the card is not declined, it waits for the cardholder.
    expect((await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data.filter((c) => c.status === "failed")).toHaveLength(0);

    // The cardholder completes the bank's challenge in the browser (publishable key and client secret).
    const authenticated = await call(
      "POST",
      `/v1/payment_intents/${intent.id}/authenticate`,
      { client_secret: clientSecret, outcome: "complete" },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(authenticated.json.status, authenticated.text).toBe("succeeded");
    const recovered = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(recovered.status).toBe("active");
    expect(recovered.latest_invoice).toMatchObject({ status: "paid", amount_paid: 1499 });
  });

  it("dunning: a past_due renewal is retried 3, 5 and 7 days after its first attempt, then Billing cancels the subscription (payment_failed)", async () => {
    const { subscription } = await renewedWhileCardBehavesLike("4000000000000341");
    const latest = async () => {
      const current = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
      return { status: current.status, invoice: current.latest_invoice as Stripe.Invoice, current };
    };
    const first = await latest();
    expect(first.status).toBe("past_due");
    const DAY = 24 * HOUR;
    expect(first.invoice).toMatchObject({ attempt_count: 1, next_payment_attempt: first.invoice.created + 3 * DAY });

    await advanceClock(3 * DAY);
    expect((await latest()).invoice).toMatchObject({ status: "open", attempt_count: 2, next_payment_attempt: first.invoice.created + 5 * DAY });
    expect((await latest()).status).toBe("past_due");
    await advanceClock(2 * DAY);
    expect((await latest()).invoice).toMatchObject({ attempt_count: 3, next_payment_attempt: first.invoice.created + 7 * DAY });
    await advanceClock(2 * DAY);
    const ended = await latest();
    expect(ended.invoice).toMatchObject({ status: "open", attempt_count: 4, next_payment_attempt: null });
    expect(ended.current).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });
    expect(await eventTypes(subscription.id)).toContain("customer.subscription.deleted");
    // Each retry charged the card, and each was declined.
    const charges = (await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data;
    expect(charges.filter((c) => c.status === "failed")).toHaveLength(4);
  });

  it("dunning: a hard decline (a card reported stolen) is not retried: the invoice stays open with no next attempt, the subscription past_due, one charge only", async () => {
    const { subscription } = await renewedWhileCardBehavesLike("4000000000009979");
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.latest_invoice).toMatchObject({ status: "open", attempt_count: 1, next_payment_attempt: null });
    // No next attempt is what keeps Billing from trying it again (the clock is not moved further: the
    // file's other subscriptions share it). Its one charge was the hard decline.
    const charges = (await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data.filter((c) => c.status === "failed");
    expect(charges).toHaveLength(1);
    expect(charges[0]!.outcome?.reason ?? charges[0]!.failure_code).toMatch(/stolen_card|card_declined/);
  });

  it("dunning: a retry charges the card that replaced the declining one, and the subscription is active again", async () => {
    const { customer, subscription } = await renewedWhileCardBehavesLike("4000000000000341");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    const replacement = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: replacement.id });
    await advanceClock(3 * 24 * HOUR);
    const recovered = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(recovered.status).toBe("active");
    expect(recovered.latest_invoice).toMatchObject({ status: "paid", attempt_count: 2, next_payment_attempt: null });
    const paid = (await stripe.charges.list({ customer, limit: 10 })).data.find((c) => c.status === "succeeded" && c.payment_method === replacement.id);
    expect(paid).toMatchObject({ amount: 1499 });
  });

  it("invoices.pay: a past_due renewal paid now with another of the customer's cards; a declining card answers its card error and counts an attempt; a paid invoice is refused", async () => {
    const { customer, subscription } = await renewedWhileCardBehavesLike("4000000000000341");
    const invoiceId = (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string;

    const declined = await stripeError(stripe.invoices.pay(invoiceId, { off_session: true }));
    expect(declined).toMatchObject({ statusCode: 402, code: "card_declined" });
    expect(await stripe.invoices.retrieve(invoiceId)).toMatchObject({ status: "open", attempt_count: 2 });
    // Another customer's card is refused.
    const foreign = await stripe.paymentMethods.attach("pm_card_visa", { customer: (await stripe.customers.create()).id });
    expect(await stripeError(stripe.invoices.pay(invoiceId, { payment_method: foreign.id }))).toMatchObject({ statusCode: 400, param: "payment_method" });

    const replacement = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    const paid = await stripe.invoices.pay(invoiceId, { payment_method: replacement.id, off_session: true });
    expect(paid).toMatchObject({ id: invoiceId, status: "paid", next_payment_attempt: null });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    expect(await stripeError(stripe.invoices.pay(invoiceId, { payment_method: replacement.id }))).toMatchObject({
      statusCode: 400,
      message: "Invoice is already paid",
    });
  });

  it("without a default card on the subscription, charges the customer's invoice default, and with neither there is nothing to charge: past_due", async () => {
    // save_default_payment_method=off: the card that paid the first invoice is not the subscription's default.
    const withCustomerDefault = await activeSubscription("off");
    await stripe.customers.update(withCustomerDefault.customer, { invoice_settings: { default_payment_method: withCustomerDefault.paymentMethod } });
    const withNothing = await activeSubscription("off");
    await passPeriodEnd(withCustomerDefault.subscription);

    expect((await stripe.subscriptions.retrieve(withCustomerDefault.subscription.id)).status).toBe("active");
    expect((await stripe.charges.list({ customer: withCustomerDefault.customer, limit: 10 })).data).toHaveLength(2);

    const stranded = await stripe.subscriptions.retrieve(withNothing.subscription.id, { expand: ["latest_invoice"] });
    expect(stranded.status).toBe("past_due");
    expect(stranded.latest_invoice).toMatchObject({ status: "open", attempted: true, billing_reason: "subscription_cycle" });
    expect((await stripe.charges.list({ customer: withNothing.customer, limit: 10 })).data).toHaveLength(1);
  });

  it("a past_due subscription whose invoice is paid later becomes active again", async () => {
    const { subscription, paymentMethod } = await activeSubscription();
    expect((await call("POST", `/v1/test_helpers/subscriptions/${subscription.id}/fail_renewal`)).json).toMatchObject({ status: "past_due" });
    const invoice = await stripe.invoices.retrieve((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string, {
      expand: ["confirmation_secret"],
    });
    expect(invoice.status).toBe("open");
    // The artist pays the open invoice with a new card, on-session.
    expect((await payInBrowser(invoice.confirmation_secret!.client_secret, "5555555555554444")).json.status).toBe("succeeded");
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe("active");
    expect(active.default_payment_method).not.toBe(paymentMethod);
  });
});

describe("an unpaid first invoice", () => {
  it("keeps the subscription incomplete for 23 hours, then expires it: invoice voided, its intent canceled, customer.subscription.updated", async () => {
    const { subscription, invoice, clientSecret } = await newSubscription();
    // A declined attempt does not change anything.
    expect((await payInBrowser(clientSecret, "4000000000000002")).status).toBe(402);
    await advanceClock(23 * HOUR - 5 * 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");

    await advanceClock(10 * 60);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    expect(expired).toMatchObject({ status: "incomplete_expired", ended_at: subscription.created + 23 * HOUR, canceled_at: subscription.created + 23 * HOUR });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: "void", status_transitions: { voided_at: expect.any(Number) } });
    expect(await stripe.paymentIntents.retrieve(intentIdOf(clientSecret))).toMatchObject({ status: "canceled", cancellation_reason: "void_invoice" });
    expect(await eventTypes(invoice.id)).toContain("invoice.voided");

    const types = await eventTypes(subscription.id);
    expect(types).toContain("customer.subscription.updated");
    expect(types).not.toContain("customer.subscription.deleted");
    const update = (await eventsFor(stripe, subscription.id)).find((e) => e.type === "customer.subscription.updated")!;
    expect(update.data.previous_attributes).toMatchObject({ status: "incomplete" });
    await eventually(async () =>
      expect((await deliveriesAbout(subscription.id)).some((d) => (JSON.parse(d.body) as { id: string }).id === update.id)).toBe(true),
    );

    // The browser still holding the client secret can no longer pay it.
    const late = await payInBrowser(clientSecret);
    expect(late.status).toBe(400);
    expect(late.json.error).toMatchObject({ code: "payment_intent_unexpected_state" });
    // Terminal: it cannot be set to cancel at period end, and it never bills again.
    expect(await stripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }))).toMatchObject({ statusCode: 400 });
    await advanceClock(40 * 24 * HOUR);
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
  });

  it("paid within the 23 hours, the subscription stays active", async () => {
    const { subscription, clientSecret } = await newSubscription();
    await advanceClock(22 * HOUR);
    expect((await payInBrowser(clientSecret)).json.status).toBe("succeeded");
    await advanceClock(2 * HOUR);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });
});

describe("cancel at period end", () => {
  it("sets cancel_at to the period end and canceled_at to the request's time (customer.subscription.updated); setting it false before the end resumes", async () => {
    const { subscription } = await activeSubscription();
    const end = periodOf(subscription).current_period_end;
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true, cancellation_details: { feedback: "too_expensive" } });
    expect(canceling).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: end,
      canceled_at: expect.any(Number),
      ended_at: null,
      cancellation_details: { reason: "cancellation_requested", feedback: "too_expensive" },
    });
    const [update] = (await eventsFor(stripe, subscription.id)).filter((e) => e.type === "customer.subscription.updated");
    expect(update!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });

    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { reason: null },
    });
    // Resumed, it renews as before.
    await passPeriodEnd(subscription);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: "active", cancel_at_period_end: false });
    expect(await invoicesOf(subscription.id)).toHaveLength(2);
  });

  it("at the period end the subscription is canceled (customer.subscription.deleted), with no renewal invoice and no charge", async () => {
    const { subscription } = await activeSubscription();
    const end = periodOf(subscription).current_period_end;
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advanceClock(end - periodOf(subscription).current_period_start - HOUR);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");

    await advanceClock(2 * HOUR);
    const ended = await settledCall("GET", `/v1/subscriptions/${subscription.id}`);
    expect(ended.json).toMatchObject({ status: "canceled", cancel_at_period_end: true, ended_at: end });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    expect((await stripe.charges.list({ customer: subscription.customer as string, limit: 10 })).data).toHaveLength(1);
    const deleted = (await eventsFor(stripe, subscription.id)).filter((e) => e.type === "customer.subscription.deleted");
    expect(deleted).toHaveLength(1);
    expect((await deliveriesAbout(subscription.id)).some((d) => (JSON.parse(d.body) as { id: string }).id === deleted[0]!.id)).toBe(true);
    // Too late to resume.
    expect(await stripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }))).toMatchObject({ statusCode: 400 });
  });

  it("is refused on an incomplete subscription; unknown parameters are refused", async () => {
    const { subscription } = await newSubscription();
    expect(await stripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }))).toMatchObject({
      statusCode: 400,
      param: "cancel_at_period_end",
    });
    expect(await stripeError(stripe.subscriptions.update(subscription.id, { trial_end: "now" }))).toMatchObject({ statusCode: 400, code: "parameter_unknown" });
    expect(await stripe.subscriptions.update(subscription.id, { metadata: { note: "kept" } })).toMatchObject({
      status: "incomplete",
      metadata: { note: "kept" },
    });
  });
});

describe("updating default_payment_method", () => {
  it("sets a card attached to the subscription's customer, and the next renewal charges it", async () => {
    const { subscription, customer } = await activeSubscription();
    const replacement = await stripe.paymentMethods.attach("pm_card_mastercard", { customer });
    const updated = await stripe.subscriptions.update(subscription.id, { default_payment_method: replacement.id });
    expect(updated.default_payment_method).toBe(replacement.id);
    expect((await eventsFor(stripe, subscription.id)).some((event) => event.type === "customer.subscription.updated")).toBe(true);

    await passPeriodEnd(updated);
    await eventually(async () => {
      const paid = (await invoicesOf(subscription.id)).filter((invoice) => invoice.status === "paid");
      expect(paid).toHaveLength(2);
      return paid;
    });
    const intents = (await stripe.paymentIntents.list({ customer, limit: 10 })).data;
    expect(intents.some((intent) => intent.payment_method === replacement.id && intent.status === "succeeded")).toBe(true);
  });

  it("refuses a card that is not the customer's, and any change on an incomplete subscription, as Stripe does", async () => {
    const { subscription } = await activeSubscription();
    const stranger = await stripe.paymentMethods.attach("pm_card_visa", { customer: (await stripe.customers.create({})).id });
    const notAttached = await stripeError(stripe.subscriptions.update(subscription.id, { default_payment_method: stranger.id }));
    expect(notAttached.message).toBe(
      `The customer does not have a payment method with the ID ${stranger.id}. The payment method must be attached to the customer.`,
    );
    expect(notAttached.param).toBe("default_payment_method");
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).not.toBe(stranger.id);

    const incomplete = await newSubscription();
    const refused = await stripeError(stripe.subscriptions.update(incomplete.subscription.id, { default_payment_method: stranger.id }));
    expect(refused.message).toBe("A subscription with status incomplete can only update its metadata and default_source.");
  });
});

describe("test clocks", () => {
  it("start at the sandbox's time (it has one clock), advance it, and are gone once deleted", async () => {
    const now = (await stripe.customers.create({})).created;
    expect(await stripeError(stripe.testHelpers.testClocks.create({ frozen_time: now - 24 * HOUR }))).toMatchObject({ statusCode: 400, param: "frozen_time" });
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: now, name: "sandbox" });
    expect(clock).toMatchObject({ object: "test_helpers.test_clock", frozen_time: now, status: "ready", name: "sandbox" });
    const customer = await stripe.customers.create({ test_clock: clock.id });
    expect(customer.test_clock).toBe(clock.id);

    const advancing = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now + 2 * HOUR });
    expect(advancing).toMatchObject({ status: "advancing", status_details: { advancing: { target_frozen_time: now + 2 * HOUR } } });
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({ status: "ready", frozen_time: now + 2 * HOUR });
    expect((await stripe.customers.create({})).created).toBeGreaterThanOrEqual(now + 2 * HOUR);
    expect(await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now }))).toMatchObject({ statusCode: 400, param: "frozen_time" });

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toEqual({ id: clock.id, object: "test_helpers.test_clock", deleted: true });
    expect(await stripeError(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect(await stripeError(stripe.customers.create({ test_clock: clock.id }))).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "test_clock",
    });
  });
});
