/**
 * Stripe's request-rate limiter (src/http/rate-limits.ts, https://docs.stripe.com/rate-limits): a limit per
 * endpoint and one over all of them, a 429 `rate_limit` with `Stripe-Rate-Limited-Reason` past either,
 * nothing stored for an idempotency key, and the bucket refilled with time.
 */
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { endpointOf, LIVE_RATE_LIMITS, parseRateLimits } from "../src/http/rate-limits";
import { call, sandboxStripe } from "./support";

const stripe = sandboxStripe({ maxNetworkRetries: 0 });

const setLimits = async (fields: Record<string, string>) => {
  const answer = await call("POST", "/v1/test_helpers/rate_limits", fields);
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};

/** Sends `count` requests at once; answers their statuses, in order. */
const burst = (count: number, send: (index: number) => Promise<{ status: number }>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(index).then((a) => a.status)));

/**
 * Sends one request at a time until one is refused (429), and answers it. The limiter is a token
 * bucket refilled with time, so which request it refuses depends on the machine's pace; that one is.
 */
async function untilRefused<T extends { status: number }>(send: () => Promise<T>, tries = 20): Promise<T> {
  for (let tried = 0; tried < tries; tried++) {
    const answer = await send();
    if (answer.status === 429) return answer;
  }
  throw new Error(`no 429 in ${tries} requests`);
}

afterEach(async () => {
  await setLimits({ reset: "true" });
});

describe("the request-rate limiter", () => {
  it("holds live mode's limits unless told otherwise, and reads a deployment's setting strictly", () => {
    expect(parseRateLimits(undefined)).toEqual(LIVE_RATE_LIMITS);
    expect(LIVE_RATE_LIMITS).toEqual({ global: 100, endpoint: 25 });
    expect(parseRateLimits("off")).toBeNull();
    expect(parseRateLimits("endpoint=5")).toEqual({ global: 100, endpoint: 5 });
    expect(parseRateLimits(" global=30 , endpoint=10 ")).toEqual({ global: 30, endpoint: 10 });
    expect(() => parseRateLimits("endpoint=0")).toThrow(/endpoint=0/);
    expect(() => parseRateLimits("burst=5")).toThrow(/burst=5/);
  });

  it("counts each named operation alone, whatever object id the path holds", () => {
    expect(endpointOf("GET", "/v1/transfers/tr_1AbC")).toBe(endpointOf("GET", "/v1/transfers/tr_9XyZ"));
    expect(endpointOf("GET", "/v1/transfers/tr_1AbC")).not.toBe(endpointOf("POST", "/v1/transfers"));
    expect(endpointOf("POST", "/v1/payment_intents/pi_1/confirm")).toBe("POST /v1/payment_intents/{id}/confirm");
  });

  it("answers 429 rate_limit with endpoint-rate past one endpoint's limit, while another endpoint still answers", async () => {
    expect(await setLimits({ global: "100", endpoint: "3" })).toMatchObject({ limits: { global: 100, endpoint: 3 } });
    const started = Date.now();
    const statuses = await burst(10, () => call("POST", "/v1/customers"));
    const passed = statuses.filter((status) => status === 200).length;
    // A full bucket lets its 3 through at once; it refills 3 a second while the burst lasts.
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(passed).toBeLessThanOrEqual(3 + Math.ceil(((Date.now() - started) / 1000) * 3));
    expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
    expect((await call("GET", "/v1/balance")).status).toBe(200);

    const limited = await untilRefused(() => call("POST", "/v1/customers"));
    expect(limited.headers.get("Stripe-Rate-Limited-Reason")).toBe("endpoint-rate");
    expect(limited.json.error).toMatchObject({ type: "invalid_request_error", code: "rate_limit" });
    // The SDK's own class for it, which the product's code reads.
    const sdkRefused = await untilRefused(() =>
      stripe.customers.create().then(
        (): { status: number; error?: unknown } => ({ status: 200 }),
        (error: unknown) => ({ status: error instanceof Stripe.errors.StripeError ? (error.statusCode ?? 0) : 0, error }),
      ),
    );
    expect(sdkRefused.error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    const { refused } = (await call("GET", "/v1/test_helpers/rate_limits")).json;
    expect(refused["global-rate"]).toBe(0);
    expect(refused["endpoint-rate"]).toBeGreaterThanOrEqual(statuses.length - passed + 2);
  });

  it("answers 429 with global-rate past the limit over every endpoint", async () => {
    await setLimits({ global: "4", endpoint: "100" });
    const paths = ["/v1/customers", "/v1/balance", "/v1/events"];
    const started = Date.now();
    const statuses = await burst(9, (index) => call("GET", paths[index % paths.length]!));
    const passed = statuses.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(4);
    expect(passed).toBeLessThanOrEqual(4 + Math.ceil(((Date.now() - started) / 1000) * 4));
    const limited = await untilRefused(() => call("GET", "/v1/balance"));
    expect(limited.headers.get("Stripe-Rate-Limited-Reason")).toBe("global-rate");
  });

  it("stores nothing for an idempotency key it refused: the same key runs the request once the limit allows", async () => {
    await setLimits({ global: "100", endpoint: "1" });
    // A key the limiter refuses (a key it let through would hold that answer: a new key each try).
    let key = "";
    await untilRefused(async () => {
      await call("POST", "/v1/customers", { email: "first@example.com" });
      key = crypto.randomUUID();
      return call("POST", "/v1/customers", { email: "keyed@example.com" }, undefined, { "Idempotency-Key": key });
    });

    // The bucket refills at one a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const ran = await call("POST", "/v1/customers", { email: "keyed@example.com" }, undefined, { "Idempotency-Key": key });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.json).toMatchObject({ object: "customer", email: "keyed@example.com" });
    expect(ran.headers.get("Idempotent-Replayed")).not.toBe("true");
  });

  it("never counts the sandbox's own helpers, and can be switched off", async () => {
    await setLimits({ global: "1", endpoint: "1" });
    expect((await burst(5, () => call("POST", "/v1/test_helpers/deliver_events"))).every((status) => status === 200)).toBe(true);
    expect(await setLimits({ off: "true" })).toMatchObject({ limits: null });
    expect((await burst(30, () => call("POST", "/v1/customers"))).every((status) => status === 200)).toBe(true);
  });

  it("refuses limits it cannot hold", async () => {
    const zero = await call("POST", "/v1/test_helpers/rate_limits", { global: "0", endpoint: "5" });
    expect(zero.status).toBe(400);
    expect(zero.json.error).toMatchObject({ param: "global" });
    const half = await call("POST", "/v1/test_helpers/rate_limits", { endpoint: "5" });
    expect(half.json.error).toMatchObject({ param: "global", code: "parameter_missing" });
  });
});
