/**
 * The payment integration tests, written once against the official SDK and run against two Stripes:
 * the sandbox (against-sandbox.test.ts, part of `pnpm test`) and Stripe's own test mode
 * (against-stripe.ts, `STRIPE_SECRET_KEY=sk_test_… pnpm test:stripe`). Each test is something the
 * product relies on Stripe doing; a test passing against both is a behaviour the sandbox has right
 * (docs/decisions/024-one-payment-suite-two-stripes.md).
 *
 * Only Stripe's documented test inputs are used (https://docs.stripe.com/testing,
 * https://docs.stripe.com/connect/testing), and no webhook endpoint is needed (the one test that makes
 * the product's endpoints, for an origin of its own, deletes them again): what Stripe finishes
 * on its own (events, an account's capabilities) is read back by polling the API, as the product's
 * reconciliation reads events it missed. Every object made is tagged `metadata.jplay_suite=<run>`.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WEBHOOK_ENDPOINTS, syncWebhookEndpoints } from "../../../api/src/payments/webhooks/webhook-endpoints";
import { listedEventInPinnedVersion } from "../../../api/src/payments/webhooks/listed-stripe-event";
import { readsAsPinned } from "../../../api/src/platform/stripe-api-version";

export interface StripeUnderTest {
  /** For the test names: which Stripe this is. */
  name: string;
  stripe: Stripe;
  /** How long to keep polling for what Stripe finishes on its own (0: it must be there at once). */
  patienceMs: number;
  /**
   * Makes `seconds` pass for what Stripe does later on its own (a refund that fails "some time later"):
   * the sandbox moves its clock; against Stripe, absent, the test polls with its patience instead.
   */
  letTimePass?: (seconds: number) => Promise<void>;
}

/** Identity values Stripe's test mode verifies at once (https://docs.stripe.com/connect/testing). */
const VERIFIED_INDIVIDUAL = {
  first_name: "Jenny",
  last_name: "Rosen",
  email: "jenny.rosen@example.com",
  phone: "0000000000",
  dob: { day: 1, month: 1, year: 1901 },
  address: { line1: "address_full_match", city: "San Francisco", state: "CA", postal_code: "94111", country: "US" },
  ssn_last_4: "0000",
  id_number: "000000000",
} satisfies Stripe.AccountCreateParams.Individual;

/** The error a request was refused with; fails the test when it was not refused. */
async function refusal(request: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("expected Stripe to refuse this request, and it succeeded");
}

/**
 * A header of the answer an object came in. With the fetch HTTP client (the product's) the SDK's
 * `lastResponse` is the fetch Response itself, whose headers are a Headers object despite the type.
 */
function answerHeader(object: { lastResponse: { headers: unknown } }, name: string): string | null {
  const headers = object.lastResponse.headers as Headers | Record<string, string>;
  return headers instanceof Headers ? headers.get(name) : (headers[name.toLowerCase()] ?? null);
}

export function paymentSuite(target: StripeUnderTest): void {
  const { stripe } = target;
  const run = crypto.randomUUID().slice(0, 8);
  const tag = { jplay_suite: run };

  async function eventually<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + target.patienceMs;
    for (;;) {
      const found = await read();
      if (found !== undefined) return found;
      if (Date.now() >= deadline) throw new Error(`${target.name}: still no ${what} after ${target.patienceMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  const newCustomer = () => stripe.customers.create({ metadata: tag });

  /** Payment setup as the product does it; `paymentMethod` stands for the card Stripe.js collected. */
  const saveCard = (customer: string, paymentMethod: string) =>
    stripe.setupIntents.create({
      customer,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      payment_method: paymentMethod,
      confirm: true,
      metadata: tag,
    });

  async function savedVisa() {
    const customer = await newCustomer();
    const setup = await saveCard(customer.id, "pm_card_visa");
    return { customer: customer.id, paymentMethod: setup.payment_method as string };
  }

  /** A charge as payments/cards/charge-saved-card.ts makes it: cards only, never a redirect. */
  const charge = (params: Partial<Stripe.PaymentIntentCreateParams> & { payment_method: string }, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create(
      { amount: 1999, currency: "usd", automatic_payment_methods: { enabled: true, allow_redirects: "never" }, confirm: true, metadata: tag, ...params },
      options,
    );

  describe(`payments against ${target.name}`, () => {
    it("saves a card for off-session charges with a SetupIntent (pm_card_visa)", async () => {
      const customer = await newCustomer();
      const setup = await saveCard(customer.id, "pm_card_visa");
      expect(setup).toMatchObject({ object: "setup_intent", status: "succeeded", usage: "off_session", customer: customer.id });
      expect(setup.payment_method).toMatch(/^pm_/);
      const saved = await stripe.customers.listPaymentMethods(customer.id, { type: "card" });
      expect(saved.data.map((method) => method.id)).toEqual([setup.payment_method]);
      expect(saved.data[0]!.card).toMatchObject({ brand: "visa", last4: "4242" });
    });

    it("charges the saved card off-session", async () => {
      const { customer, paymentMethod } = await savedVisa();
      const intent = await charge({ customer, payment_method: paymentMethod, off_session: true });
      expect(intent).toMatchObject({
        object: "payment_intent",
        status: "succeeded",
        amount: 1999,
        amount_received: 1999,
        currency: "usd",
        customer,
        payment_method: paymentMethod,
      });
      const paid = await stripe.charges.retrieve(intent.latest_charge as string);
      expect(paid).toMatchObject({ status: "succeeded", paid: true, captured: true, amount: 1999, payment_intent: intent.id, payment_method: paymentMethod });
    });

    it("lists the payment's payment_intent.succeeded event, where reconciliation finds what a webhook missed, in the version of its creation, which it reads again in the SDK's", async () => {
      const { customer, paymentMethod } = await savedVisa();
      const intent = await charge({ customer, payment_method: paymentMethod, off_session: true });
      const event = await eventually("payment_intent.succeeded event", async () => {
        const events = await stripe.events.list({ type: "payment_intent.succeeded", created: { gte: intent.created }, limit: 100 });
        return events.data.find((listed) => (listed.data.object as Stripe.PaymentIntent).id === intent.id);
      });
      expect(event.data.object).toMatchObject({ id: intent.id, status: "succeeded", metadata: tag });
      // The account's default version when the event was made: not necessarily the SDK's.
      expect(event.api_version).toMatch(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/);
      const readable = await listedEventInPinnedVersion({ stripe }, event);
      expect(readsAsPinned(readable.api_version)).toBe(true);
      expect(readable).toMatchObject({
        id: event.id,
        type: "payment_intent.succeeded",
        data: { object: { id: intent.id, status: "succeeded", amount: 1999 } },
      });
      if (!readsAsPinned(event.api_version)) expect(readable.data.object).toEqual(await stripe.paymentIntents.retrieve(intent.id));
    });

    it("declines pm_card_chargeDeclined with card_declined / generic_decline, the intent left to be paid again", async () => {
      const error = await refusal(charge({ payment_method: "pm_card_chargeDeclined" }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "generic_decline" });
      expect(error.payment_intent).toMatchObject({ object: "payment_intent", status: "requires_payment_method" });
    });

    it("refuses to save pm_card_chargeDeclined", async () => {
      const customer = await newCustomer();
      const error = await refusal(saveCard(customer.id, "pm_card_chargeDeclined"));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code: "card_declined" });
      expect((await stripe.customers.listPaymentMethods(customer.id, { type: "card" })).data).toEqual([]);
    });

    it("asks for 3-D Secure on-session (pm_card_authenticationRequired): the browser finishes it with the client secret", async () => {
      const intent = await charge({ payment_method: "pm_card_authenticationRequired" });
      expect(intent.status).toBe("requires_action");
      expect(intent.next_action).not.toBeNull();
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    });

    it("declines pm_card_authenticationRequired off-session with authentication_required", async () => {
      const customer = await newCustomer();
      const method = await stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
      const error = await refusal(charge({ customer: customer.id, payment_method: method.id, off_session: true }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code: "authentication_required" });
      expect(error.payment_intent).toMatchObject({ status: "requires_payment_method" });
    });

    it("replays a charge sent again with its idempotency key, and refuses the key with other parameters", async () => {
      const { customer, paymentMethod } = await savedVisa();
      const key = `jplay-suite-${run}-charge`;
      const first = await charge({ customer, payment_method: paymentMethod, off_session: true }, { idempotencyKey: key });
      const again = await charge({ customer, payment_method: paymentMethod, off_session: true }, { idempotencyKey: key });
      expect(again.id).toBe(first.id);
      expect(answerHeader(again, "Idempotent-Replayed")).toBe("true");
      expect((await stripe.charges.list({ payment_intent: first.id })).data).toHaveLength(1);
      const error = await refusal(charge({ customer, payment_method: paymentMethod, off_session: true, amount: 2999 }, { idempotencyKey: key }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error.statusCode).toBe(400);
    });

    it("creates an artist's Express account and a hosted onboarding link for it", async () => {
      const account = await stripe.accounts.create({
        type: "express",
        country: "US",
        business_type: "individual",
        capabilities: { transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
        metadata: tag,
      });
      expect(account).toMatchObject({ object: "account", type: "express", country: "US", payouts_enabled: false });
      expect(account.id).toMatch(/^acct_/);
      expect(account.settings?.payouts?.schedule).toMatchObject({ interval: "weekly", weekly_anchor: "monday" });
      expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
      const link = await stripe.accountLinks.create({
        account: account.id,
        type: "account_onboarding",
        return_url: "https://jplay.example/artist/payouts/return",
        refresh_url: "https://jplay.example/artist/payouts/refresh",
      });
      expect(link.object).toBe("account_link");
      expect(link.url).toEqual(expect.any(String));
      expect(link.expires_at).toBeGreaterThan(link.created);
    });

    it("transfers to a connected account that is paid out to a debit card (tok_visa_debit), and reverses it in part and in full", async () => {
      const account = await stripe.accounts.create({
        type: "custom",
        country: "US",
        business_type: "individual",
        capabilities: { transfers: { requested: true } },
        external_account: "tok_visa_debit",
        tos_acceptance: { date: Math.floor(Date.now() / 1000) - 60, ip: "203.0.113.7" },
        business_profile: { mcc: "5735", url: "https://accessible.stripe.com", product_description: "Music distribution revenue share" },
        individual: VERIFIED_INDIVIDUAL,
        metadata: tag,
      });
      const ready = await eventually("active transfers capability", async () => {
        const current = await stripe.accounts.retrieve(account.id);
        return current.capabilities?.transfers === "active" ? current : undefined;
      });
      expect(ready.external_accounts?.data[0]).toMatchObject({ object: "card", last4: "5556", funding: "debit" });

      // Funds that skip the pending balance, so the transfer has something available to draw on.
      expect((await charge({ payment_method: "pm_card_bypassPending", amount: 2000 })).status).toBe("succeeded");
      const group = `jplay-suite-${run}`;
      const transfer = await stripe.transfers.create(
        { amount: 500, currency: "usd", destination: account.id, transfer_group: group, metadata: tag },
        { idempotencyKey: `${group}-transfer` },
      );
      expect(transfer).toMatchObject({ object: "transfer", amount: 500, currency: "usd", destination: account.id, transfer_group: group, reversed: false });
      expect((await stripe.transfers.list({ transfer_group: group })).data.map((listed) => listed.id)).toEqual([transfer.id]);

      // More than the available balance: refused, and nothing is transferred (the payout run's case
      // when the platform's balance is short).
      const tooMuch = await refusal(
        stripe.transfers.create({ amount: 99_999_999, currency: "usd", destination: account.id, transfer_group: group, metadata: tag }),
      );
      expect(tooMuch).toMatchObject({ statusCode: 400, code: "balance_insufficient" });
      expect((await stripe.transfers.list({ transfer_group: group })).data.map((listed) => listed.id)).toEqual([transfer.id]);

      // Reversed in part, then the rest (what the product books back from `transfer.reversed`): the
      // transfer says how much came back, and whether all of it.
      const part = await stripe.transfers.createReversal(transfer.id, { amount: 200 }, { idempotencyKey: `${group}-reversal-part` });
      expect(part).toMatchObject({ object: "transfer_reversal", amount: 200, transfer: transfer.id });
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 200, reversed: false });
      const rest = await stripe.transfers.createReversal(transfer.id, {}, { idempotencyKey: `${group}-reversal-rest` });
      expect(rest.amount).toBe(300);
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 500, reversed: true });
      expect((await stripe.transfers.listReversals(transfer.id)).data.map((reversal) => reversal.id).sort()).toEqual([part.id, rest.id].sort());
    });

    it("makes the product's two webhook endpoints from its list, in the SDK's API version, and lists them back as made", async () => {
      // What `pnpm stripe:endpoints` does for a deployment, here for an origin of this run's own.
      const origin = `https://jplay-suite-${run}.example.com`;
      const synced = await syncWebhookEndpoints(stripe, origin, Stripe.API_VERSION);
      try {
        expect(synced.map((entry) => entry.action.kind)).toEqual(["created", "created"]);
        const listed = (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((endpoint) => endpoint.url.startsWith(origin));
        expect(listed).toHaveLength(WEBHOOK_ENDPOINTS.length);
        for (const spec of WEBHOOK_ENDPOINTS) {
          const endpoint = listed.find((found) => found.url === `${origin}${spec.path}`);
          expect(endpoint).toMatchObject({ api_version: Stripe.API_VERSION, status: "enabled" });
          expect([...endpoint!.enabled_events].sort()).toEqual([...spec.events].sort());
          expect(endpoint!.secret).toBeUndefined();
        }
        // A second run finds them as they are.
        expect((await syncWebhookEndpoints(stripe, origin, Stripe.API_VERSION)).map((entry) => entry.action.kind)).toEqual(["unchanged", "unchanged"]);
      } finally {
        for (const { action } of synced) if (action.kind === "created") await stripe.webhookEndpoints.del(action.endpoint.id);
      }
    });

    it("keeps a card charge's funds pending, and pm_card_bypassPending's available at once", async () => {
      const fundsOf = async (intent: Stripe.PaymentIntent) => {
        const paid = await stripe.charges.retrieve(intent.latest_charge as string);
        return stripe.balanceTransactions.retrieve(paid.balance_transaction as string);
      };
      const normal = await fundsOf(await charge({ payment_method: "pm_card_visa", amount: 1500 }));
      expect(normal).toMatchObject({ object: "balance_transaction", type: "charge", amount: 1500, status: "pending" });
      expect(normal.net).toBe(1500 - normal.fee);
      expect(normal.available_on).toBeGreaterThan(normal.created);
      const bypass = await fundsOf(await charge({ payment_method: "pm_card_bypassPending", amount: 1500 }));
      expect(bypass).toMatchObject({ object: "balance_transaction", type: "charge", amount: 1500, status: "available" });
    });

    it("refuses payment_method_types, which the SDK's pinned API version removed", async () => {
      const removed = { amount: 1999, currency: "usd", payment_method_types: ["card"], metadata: tag } as Stripe.PaymentIntentCreateParams;
      const error = await refusal(stripe.paymentIntents.create(removed));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, code: "payment_method_types_no_longer_supported" });
    });

    // Near the end: it moves a test clock a month on, which against the sandbox moves its one clock.
    it("renews a subscription when its customer's test clock passes the period end; a card that needs 3-D Secure then leaves the renewal waiting for the cardholder", async () => {
      const price = await stripe.prices.create({
        currency: "usd",
        unit_amount: 1499,
        recurring: { interval: "month" },
        product_data: { name: "JPlay suite Pro" },
        metadata: tag,
      });
      // Frozen at Stripe's time now: the price was just made.
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: price.created, name: `jplay-suite-${run}` });
      const advanceTo = async (time: number) => {
        await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: time });
        await eventually("test clock ready", async () => ((await stripe.testHelpers.testClocks.retrieve(clock.id)).status === "ready" ? true : undefined));
      };
      const current = (subscription: string) => stripe.subscriptions.retrieve(subscription, { expand: ["latest_invoice"] });
      try {
        const customer = await stripe.customers.create({ test_clock: clock.id, metadata: tag });
        expect(customer.test_clock).toBe(clock.id);
        const setup = await saveCard(customer.id, "pm_card_visa");
        // As the product subscribes: the first invoice waits, and the card that pays it pays the renewals.
        const subscription = await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: tag,
        });
        await stripe.invoices.pay(subscription.latest_invoice as string, { payment_method: setup.payment_method as string, off_session: true });
        const active = await current(subscription.id);
        expect(active).toMatchObject({ status: "active", default_payment_method: setup.payment_method });
        const periodEnd = active.items.data[0]!.current_period_end;

        await advanceTo(periodEnd + 60 * 60);
        const renewed = await eventually("renewed subscription", async () => {
          const now = await current(subscription.id);
          return now.items.data[0]!.current_period_start >= periodEnd && (now.latest_invoice as Stripe.Invoice).status === "paid" ? now : undefined;
        });
        expect(renewed.status).toBe("active");
        expect(renewed.latest_invoice).toMatchObject({ billing_reason: "subscription_cycle", amount_paid: 1499 });

        // 4000 0027 6000 3184 asks for the cardholder on every payment, Billing's off-session renewal included.
        const strict = await stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
        await stripe.subscriptions.update(subscription.id, { default_payment_method: strict.id });
        await advanceTo(renewed.items.data[0]!.current_period_end + 60 * 60);
        const waiting = await eventually("past_due renewal", async () => {
          const now = await current(subscription.id);
          return now.status === "past_due" ? now : undefined;
        });
        const invoice = waiting.latest_invoice as Stripe.Invoice;
        expect(invoice).toMatchObject({ status: "open", billing_reason: "subscription_cycle" });
        await eventually("invoice.payment_action_required event", async () => {
          const events = await stripe.events.list({ type: "invoice.payment_action_required", created: { gte: price.created }, limit: 100 });
          return events.data.find((listed) => (listed.data.object as Stripe.Invoice).id === invoice.id);
        });
        // The browser completes the bank's challenge with the invoice's client secret.
        const secret = (await stripe.invoices.retrieve(invoice.id, { expand: ["confirmation_secret"] })).confirmation_secret?.client_secret;
        expect(secret).toEqual(expect.any(String));
        const intent = await stripe.paymentIntents.retrieve(secret!.split("_secret_")[0]!);
        expect(intent).toMatchObject({ status: "requires_action", payment_method: strict.id });
      } finally {
        await stripe.testHelpers.testClocks.del(clock.id);
      }
    });

    it("disputes pm_card_createDispute's charge right after it succeeds: disputed, refunds refused charge_disputed, winning evidence wins", async () => {
      const paid = await charge({ payment_method: "pm_card_createDispute", amount: 1500 });
      expect(paid.status).toBe("succeeded");
      const dispute = await eventually("dispute", async () => (await stripe.disputes.list({ payment_intent: paid.id })).data[0]);
      expect(dispute).toMatchObject({
        object: "dispute",
        reason: "fraudulent",
        status: "needs_response",
        amount: 1500,
        charge: paid.latest_charge,
        is_charge_refundable: false,
      });
      // The amount and Stripe's 15.00 USD dispute fee leave the balance.
      expect(dispute.balance_transactions[0]).toMatchObject({ amount: -1500, fee: 1500, net: -3000 });
      expect((await stripe.charges.retrieve(paid.latest_charge as string)).disputed).toBe(true);
      expect(await refusal(stripe.refunds.create({ payment_intent: paid.id, metadata: tag }))).toMatchObject({ statusCode: 400, code: "charge_disputed" });
      const submitted = await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "winning_evidence" } });
      expect(["under_review", "won"]).toContain(submitted.status);
      const won = await eventually("won dispute", async () => {
        const current = await stripe.disputes.retrieve(dispute.id);
        return current.status === "won" ? current : undefined;
      });
      expect(won.balance_transactions.map((transaction) => transaction.amount)).toEqual([-1500, 1500]);
    });

    // Near the end: against the sandbox it moves the clock two hours forward.
    it("fails a refund of pm_card_refundFail some time after it was made, with a failure reason", async () => {
      const paid = await charge({ payment_method: "pm_card_refundFail", amount: 1200 });
      const refund = await stripe.refunds.create({ payment_intent: paid.id, metadata: tag });
      expect(refund).toMatchObject({ object: "refund", amount: 1200, payment_intent: paid.id });
      expect(["pending", "succeeded"]).toContain(refund.status);
      await target.letTimePass?.(2 * 60 * 60);
      const failed = await eventually("failed refund", async () => {
        const current = await stripe.refunds.retrieve(refund.id);
        return current.status === "failed" ? current : undefined;
      });
      expect(failed.failure_reason).toEqual(expect.any(String));
    });

    it("refuses a parameter it does not know, in Stripe's words", async () => {
      const unknown = { metadata: tag, jplay_probe: "1" } as Stripe.CustomerCreateParams;
      const error = await refusal(stripe.customers.create(unknown));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "jplay_probe", message: "Received unknown parameter: jplay_probe" });
    });
  });
}
