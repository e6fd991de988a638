/**
 * The platform's Stripe balance in the Worker tests. Transfers draw on Stripe's available balance,
 * so payout tests fund it as production does: a top-up, then the business days Stripe takes to make
 * it available (the sandbox's clock moves on ten days: workers/stripe-sandbox/README.md). Draining it
 * gives a payout run the short balance it must wait through.
 */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { SANDBOX_SECRET_KEY, createStripe } from "../src/platform/stripe-client";

/** A top-up is available within ten days whatever weekday it is made on (six business days). */
export const TOP_UP_SETTLES_WITHIN_SECONDS = 10 * 24 * 60 * 60;

const stripe = () => createStripe(env);

/** A sandbox test helper over HTTP (the SDK does not know them). */
export async function sandboxHelper(path: string, fields: Record<string, string>) {
  const response = await exports.default.fetch(
    new Request(`http://jplay.test/api/stripe-sandbox${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** A sandbox-only test helper's GET (its secret key), e.g. the rate limiter's counts. */
export async function sandboxRead(path: string) {
  const response = await exports.default.fetch(
    new Request(`http://jplay.test/api/stripe-sandbox${path}`, { headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` } }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Stripe's available USD balance now. */
export const stripeAvailable = async () => (await stripe().balance.retrieve()).available.find((entry) => entry.currency === "usd")?.amount ?? 0;

/** Adds `cents` to the available balance: a top-up, and the days it takes. Returns the top-up. */
export async function fundPlatformBalance(cents: number) {
  const before = await stripeAvailable();
  const topup = await stripe().topups.create({ amount: cents, currency: "usd", description: "Test funds for payouts" });
  await sandboxHelper("/v1/test_helpers/advance_clock", { seconds: String(TOP_UP_SETTLES_WITHIN_SECONDS) });
  expect(await stripeAvailable()).toBeGreaterThanOrEqual(before + cents);
  return topup;
}

/** A connected account Stripe can pay (Custom: terms accepted, the taxpayer id, a debit card). */
export const payableConnectedAccount = () =>
  stripe().accounts.create({
    type: "custom",
    country: "US",
    business_type: "individual",
    individual: { id_number: "000000000" },
    capabilities: { transfers: { requested: true } },
    external_account: "tok_visa_debit",
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" },
  });

/** Sends the whole available balance to a connected account of its own, so the next transfer is short. */
export async function drainPlatformBalance(): Promise<void> {
  const available = await stripeAvailable();
  if (available > 0) {
    const sink = await payableConnectedAccount();
    await stripe().transfers.create({ amount: available, currency: "usd", destination: sink.id });
  }
  expect(await stripeAvailable()).toBe(0);
}
