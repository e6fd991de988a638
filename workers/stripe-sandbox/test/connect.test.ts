/**
 * Stripe Connect in the sandbox Worker on its own, through the official SDK and over HTTP as a
 * browser reaches the hosted onboarding page: accounts with debit cards and payout schedules, account
 * links, onboarding that makes an account payable (and says so in `account.updated`), transfers and
 * Stripe's refusals. The product's payouts depend on these matching Stripe's Connect behaviour
 * (https://docs.stripe.com/connect/express-accounts, https://docs.stripe.com/api/transfers).
 */
import { exports } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PRODUCT_ORIGIN,
  SANDBOX_ORIGIN,
  SANDBOX_SECRET_KEY,
  eventsFor as eventsAbout,
  sandboxStripe,
  stripeError,
  payableAccount as payableAccountOf,
} from "./support";

const stripe = sandboxStripe();
const ORIGIN = PRODUCT_ORIGIN;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON answers, read field by field in the assertions
type Json = Record<string, any>;

async function call(method: "GET" | "POST", path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString();
  const url = method === "POST" ? `${SANDBOX_ORIGIN}${path}` : `${SANDBOX_ORIGIN}${path}${body ? `?${body}` : ""}`;
  const response = await exports.default.fetch(
    new Request(url, {
      method,
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      ...(method === "POST" ? { body } : {}),
    }),
  );
  return { status: response.status, json: await response.json<Json>() };
}

/**
 * The browser on the hosted onboarding page (no API key). Account links name the page on the
 * product's pass-through (/api/stripe-sandbox/connect/onboarding/…); the sandbox serves it at
 * /connect/onboarding/….
 */
const PASS_THROUGH = "/api/stripe-sandbox";
const openOnboarding = (url: string, init: RequestInit = {}) => {
  expect(url.startsWith(`${PASS_THROUGH}/`)).toBe(true);
  return exports.default.fetch(new Request(`${SANDBOX_ORIGIN}${url.slice(PASS_THROUGH.length)}`, { redirect: "manual", ...init }));
};
const submitOnboarding = (url: string, cardNumber: string, extra: Record<string, string> = {}) =>
  openOnboarding(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: cardNumber, ...extra }).toString(),
  });

const expressAccount = (extra: Partial<Stripe.AccountCreateParams> = {}) =>
  stripe.accounts.create({ type: "express", country: "US", business_type: "individual", capabilities: { transfers: { requested: true } }, ...extra });

const payableAccount = () => payableAccountOf(stripe);

const eventsFor = (objectId: string) => eventsAbout(stripe, objectId);

/** Funds the platform's available balance at once, with Stripe's "bypass pending" test card (balance.test.ts). */
const fundAvailable = (amount: number) => stripe.paymentIntents.create({ amount, currency: "usd", payment_method: "pm_card_bypassPending", confirm: true });

/** The platform's available USD now. */
const availableBalance = async () => (await stripe.balance.retrieve()).available.find((entry) => entry.currency === "usd")!.amount;

beforeAll(async () => {
  await fundAvailable(50_000);
});

describe("Connect accounts", () => {
  it("creates an Express account with capabilities, metadata and a weekly Monday schedule; not payable until onboarded", async () => {
    const account = await expressAccount({
      metadata: { artistId: "artist-1" },
      settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
    });
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]{24}$/);
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      country: "US",
      business_type: "individual",
      metadata: { artistId: "artist-1" },
      capabilities: { transfers: "inactive" },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      settings: { payouts: { schedule: { interval: "weekly", weekly_anchor: "monday" } } },
      external_accounts: { object: "list", data: [], total_count: 0 },
    });
    expect(account.requirements?.currently_due).toEqual(["external_account", "individual.id_number", "tos_acceptance.date", "tos_acceptance.ip"]);
    expect(await stripe.accounts.retrieve(account.id)).toEqual(account);

    const daily = await stripe.accounts.update(account.id, { settings: { payouts: { schedule: { interval: "daily" } } } });
    expect(daily.settings?.payouts?.schedule).toEqual({ delay_days: 2, interval: "daily" });
    const [updated] = await eventsFor(account.id);
    expect(updated).toMatchObject({ type: "account.updated", data: { previous_attributes: { settings: { payouts: { schedule: { interval: "weekly" } } } } } });

    const listed = await stripe.accounts.list({ limit: 100 });
    expect(listed.data.map((a) => a.id)).toContain(account.id);
  });

  it("gives an Express account only the capabilities it requested: no card_payments (nor charges) unless asked", async () => {
    const payable = await payableAccount();
    expect(payable.capabilities).toEqual({ transfers: "active" });
    expect(payable.charges_enabled).toBe(false);
    const both = await expressAccount({ capabilities: { transfers: { requested: true }, card_payments: { requested: true } } });
    expect(both.capabilities).toEqual({ transfers: "inactive", card_payments: "inactive" });
    // Asking later adds it then, and only then.
    const onlyTransfers = await expressAccount();
    expect(onlyTransfers.capabilities).toEqual({ transfers: "inactive" });
    expect((await stripe.accounts.update(onlyTransfers.id, { capabilities: { card_payments: { requested: true } } })).capabilities).toEqual({
      transfers: "inactive",
      card_payments: "inactive",
    });
  });

  it("takes a debit card as external account (token or number) and refuses cards payouts cannot reach", async () => {
    const account = await payableAccount();
    expect(account).toMatchObject({ payouts_enabled: true, capabilities: { transfers: "active" }, details_submitted: true });
    expect(account.external_accounts?.data[0]).toMatchObject({
      object: "card",
      funding: "debit",
      last4: "5556",
      brand: "Visa",
      currency: "usd",
      default_for_currency: true,
    });

    const withNumber = await stripe.accounts.update(account.id, {
      external_account: { object: "card", number: "5200828282828210", exp_month: 12, exp_year: 2040, currency: "usd" },
    });
    expect(withNumber.external_accounts?.data.map((card) => [(card as Stripe.Card).last4, (card as Stripe.Card).default_for_currency])).toEqual([
      ["8210", true],
      ["5556", false],
    ]);

    const credit = await stripeError(
      stripe.accounts.update(account.id, { external_account: { object: "card", number: "4242424242424242" } } as Stripe.AccountUpdateParams),
    );
    expect(credit).toMatchObject({ statusCode: 400, code: "invalid_card_type", param: "external_account" });
    const badToken = await stripeError(stripe.accounts.update(account.id, { external_account: "tok_nope" }));
    expect(badToken).toMatchObject({ statusCode: 400, code: "resource_missing", param: "external_account" });
  });

  it("refuses what Stripe refuses: unknown parameters, missing type, Express without capabilities, terms accepted for an Express account", async () => {
    const unknown = await call("POST", "/v1/accounts", { type: "express", "capabilities[transfers][requested]": "true", colour: "blue" });
    expect(unknown).toMatchObject({ status: 400, json: { error: { type: "invalid_request_error", code: "parameter_unknown", param: "colour" } } });
    const noType = await call("POST", "/v1/accounts", {});
    expect(noType.json.error).toMatchObject({ code: "parameter_missing", param: "type" });
    const noCapabilities = await stripeError(stripe.accounts.create({ type: "express" }));
    expect(noCapabilities).toMatchObject({ statusCode: 400, param: "capabilities" });
    const tos = await stripeError(expressAccount({ tos_acceptance: { date: 1, ip: "203.0.113.7" } }));
    expect(tos).toMatchObject({ statusCode: 400, param: "tos_acceptance" });
    const badSchedule = await call("POST", "/v1/accounts", {
      type: "express",
      "capabilities[transfers][requested]": "true",
      "settings[payouts][schedule][interval]": "hourly",
    });
    expect(badSchedule.json.error).toMatchObject({ param: "settings[payouts][schedule][interval]" });
    const missing = await stripeError(stripe.accounts.retrieve("acct_nope"));
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("Account links and hosted onboarding", () => {
  it("onboards an Express account: the form offers a debit test card, Complete onboarding makes it payable, sends account.updated and returns", async () => {
    const account = await expressAccount();
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: `${ORIGIN}/artist/t?refresh=1`,
      return_url: `${ORIGIN}/artist/t`,
    });
    expect(link).toMatchObject({ object: "account_link" });
    expect(link.url).toMatch(/^\/api\/stripe-sandbox\/connect\/onboarding\/acl_[A-Za-z0-9]{24}$/);
    expect(link.expires_at - link.created).toBe(300);

    const form = await openOnboarding(link.url);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<label for="card-number">Debit card number</label>');
    expect(html).toContain('value="4000 0566 5566 5556"');
    expect(html).toContain('<label for="tax-id">Taxpayer ID (SSN or ITIN, for your W-9)</label>');
    expect(html).toContain('value="000-00-0000"');
    expect(html).toContain("Finish without tax details");
    expect(html).toContain("Complete onboarding");

    // A credit card is refused on the page, and nothing changes.
    const refused = await submitOnboarding(link.url, "4242 4242 4242 4242");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This card is not a debit card. Payouts need a debit card.");
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(false);

    const done = await submitOnboarding(link.url, "4000 0566 5566 5556");
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`${ORIGIN}/artist/t`);
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], disabled_reason: null },
    });
    expect(onboarded.external_accounts?.data[0]).toMatchObject({ funding: "debit", last4: "5556" });
    const [event] = await eventsFor(account.id);
    expect(event).toMatchObject({ type: "account.updated", data: { object: { payouts_enabled: true }, previous_attributes: { payouts_enabled: false } } });

    // Account links are single-use: the used one now sends the browser to refresh_url.
    const again = await openOnboarding(link.url);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`${ORIGIN}/artist/t?refresh=1`);
    expect((await openOnboarding("/api/stripe-sandbox/connect/onboarding/acl_nope")).status).toBe(404);
  });

  it("without tax details, the account keeps individual.id_number due and payouts off, transfers to it are refused, until a later link gives them", async () => {
    const account = await expressAccount();
    const link = () =>
      stripe.accountLinks.create({
        account: account.id,
        type: "account_onboarding",
        refresh_url: `${ORIGIN}/artist/t?refresh=1`,
        return_url: `${ORIGIN}/artist/t`,
      });
    const first = await link();
    // A malformed taxpayer id is refused on the page, and nothing changes.
    const malformed = await submitOnboarding(first.url, "4000 0566 5566 5556", { tax_id: "12-34" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("This taxpayer ID is not valid: it has 9 digits.");
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const withoutTax = await submitOnboarding(first.url, "4000 0566 5566 5556", { tax_id: "000-00-0000", without_tax_details: "on" });
    expect(withoutTax.status).toBe(303);
    const partial = await stripe.accounts.retrieve(account.id);
    expect(partial).toMatchObject({
      payouts_enabled: false,
      details_submitted: true,
      capabilities: { transfers: "inactive" },
      requirements: { currently_due: ["individual.id_number"], eventually_due: ["individual.id_number"], disabled_reason: "requirements.past_due" },
    });
    expect(partial.individual?.id_number_provided ?? false).toBe(false);
    const [updated] = await eventsFor(account.id);
    expect(updated).toMatchObject({
      type: "account.updated",
      data: { object: { payouts_enabled: false, requirements: { currently_due: ["individual.id_number"] } } },
    });
    const refused = await stripeError(stripe.transfers.create({ amount: 500, currency: "usd", destination: account.id }));
    expect(refused).toMatchObject({ statusCode: 400, code: "insufficient_capabilities_for_transfer", param: "destination" });

    // The artist returns through a fresh link and gives them: payable, and Stripe says so.
    const done = await submitOnboarding((await link()).url, "4000 0566 5566 5556", { tax_id: "000-00-0000" });
    expect(done.status).toBe(303);
    const complete = await stripe.accounts.retrieve(account.id);
    expect(complete).toMatchObject({
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], disabled_reason: null },
      individual: { id_number_provided: true },
    });
    expect((await eventsFor(account.id))[0]).toMatchObject({
      type: "account.updated",
      data: { object: { payouts_enabled: true }, previous_attributes: { payouts_enabled: false } },
    });
    expect(await stripe.transfers.create({ amount: 500, currency: "usd", destination: account.id })).toMatchObject({ amount: 500 });
  });

  it("takes the taxpayer id from the platform as individual[id_number], refusing a malformed one", async () => {
    const malformed = await stripeError(expressAccount({ individual: { id_number: "123" } }));
    expect(malformed).toMatchObject({ statusCode: 400, param: "individual[id_number]" });
    const account = await expressAccount({ individual: { id_number: "000000000" } });
    expect(account.requirements?.currently_due).toEqual(["external_account", "tos_acceptance.date", "tos_acceptance.ip"]);
    expect(account.individual).toMatchObject({ object: "person", id_number_provided: true });
    expect(JSON.stringify(account)).not.toContain("000000000");
  });

  it("needs a known account and valid URLs", async () => {
    const missing = await stripeError(
      stripe.accountLinks.create({ account: "acct_nope", type: "account_onboarding", refresh_url: `${ORIGIN}/r`, return_url: `${ORIGIN}/r` }),
    );
    expect(missing).toMatchObject({ statusCode: 400, code: "resource_missing", param: "account" });
    const account = await expressAccount();
    const badUrl = await stripeError(
      stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: "javascript:alert(1)", return_url: `${ORIGIN}/r` }),
    );
    expect(badUrl).toMatchObject({ statusCode: 400, param: "refresh_url" });
  });
});

describe("Transfers", () => {
  it("pays a payable account once per idempotency key, lists by destination, and emits transfer.created", async () => {
    const account = await payableAccount();
    const params = { amount: 1234, currency: "usd", destination: account.id, transfer_group: "payout_1", metadata: { payoutId: "p1" } };
    const first = await stripe.transfers.create(params, { idempotencyKey: "payout-p1" });
    expect(first).toMatchObject({
      object: "transfer",
      amount: 1234,
      currency: "usd",
      destination: account.id,
      transfer_group: "payout_1",
      metadata: { payoutId: "p1" },
      reversed: false,
    });
    expect(first.id).toMatch(/^tr_/);
    const replay = await stripe.transfers.create(params, { idempotencyKey: "payout-p1" });
    expect(replay.id).toBe(first.id);
    const listed = await stripe.transfers.list({ destination: account.id });
    expect(listed.data.map((t) => t.id)).toEqual([first.id]);
    expect(await stripe.transfers.retrieve(first.id)).toEqual(first);
    expect((await eventsFor(first.id)).map((e) => e.type)).toEqual(["transfer.created"]);
  });

  it("refuses a destination that cannot receive payouts, and a platform balance that is short", async () => {
    const notOnboarded = await expressAccount();
    const notReady = await stripeError(stripe.transfers.create({ amount: 500, currency: "usd", destination: notOnboarded.id }));
    expect(notReady).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(notReady).toMatchObject({ statusCode: 400, code: "insufficient_capabilities_for_transfer", param: "destination" });
    const nowhere = await stripeError(stripe.transfers.create({ amount: 500, currency: "usd", destination: "acct_nope" }));
    expect(nowhere).toMatchObject({ statusCode: 400, code: "resource_missing", param: "destination" });

    const account = await payableAccount();
    const available = await availableBalance();
    expect(available).toBeGreaterThan(700);
    await stripe.transfers.create({ amount: available - 200, currency: "usd", destination: account.id });
    const short = await stripeError(stripe.transfers.create({ amount: 201, currency: "usd", destination: account.id }));
    expect(short).toMatchObject({ statusCode: 400, code: "balance_insufficient", type: "StripeInvalidRequestError" });
    await stripe.transfers.create({ amount: 200, currency: "usd", destination: account.id });
    expect((await stripe.transfers.list({ destination: account.id })).data.map((t) => t.amount)).toEqual([200, available - 200]);
    await fundAvailable(50_000);

    const zero = await call("POST", "/v1/transfers", { amount: "0", currency: "usd", destination: account.id });
    expect(zero.json.error).toMatchObject({ param: "amount" });
  });
});
