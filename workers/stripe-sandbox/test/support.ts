/**
 * Helpers for the sandbox's own tests: the official SDK and plain HTTP against the sandbox Worker
 * under test, calls whose background work (webhook delivery) has finished when they return, and the
 * recorder that stands for the product's webhook endpoints (vitest.config.ts).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { expect } from "vitest";
import { SANDBOX_PUBLISHABLE_KEY, SANDBOX_SECRET_KEY } from "../src/http/auth";
import worker from "../src/index";

export { SANDBOX_PUBLISHABLE_KEY, SANDBOX_SECRET_KEY };

/** Any origin reaches the sandbox Worker; this one stands for Stripe's API host. */
export const SANDBOX_ORIGIN = "https://api.stripe.com";
/** The product's origin, for the URLs it hands the sandbox (return_url, refresh_url). */
export const PRODUCT_ORIGIN = "http://jplay.test";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON answers, read field by field in the assertions
export type Json = Record<string, any>;

/** The SDK as the product's server uses it (stripe-client.ts), its HTTP sent to the sandbox Worker. */
export function sandboxStripe(options: Partial<Stripe.StripeConfig> = {}): Stripe {
  return new Stripe(SANDBOX_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    httpClient: Stripe.createFetchHttpClient((input, init) => exports.default.fetch(new Request(input, init))),
    ...options,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

const formRequest = (method: "GET" | "POST" | "DELETE", path: string, fields: Record<string, string>, key: string, headers: Record<string, string>) => {
  const body = new URLSearchParams(fields).toString();
  const url = method === "POST" ? `${SANDBOX_ORIGIN}${path}` : `${SANDBOX_ORIGIN}${path}${body ? `?${body}` : ""}`;
  return new Request(url, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    ...(method === "POST" ? { body } : {}),
  });
};

const answerOf = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Json };
};

/** A form POST (or GET) to the sandbox over HTTP, as the browser's card form and dev tools send it. */
export async function call(
  method: "GET" | "POST" | "DELETE",
  path: string,
  fields: Record<string, string> = {},
  key = SANDBOX_SECRET_KEY,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answerOf(await exports.default.fetch(formRequest(method, path, fields, key, headers)));
}

/**
 * The same call through the sandbox Worker's own `fetch` with an execution context the test owns,
 * answering once the request's background work (its webhook deliveries and due retries) has ended:
 * for checking that something did NOT happen, without sleeping.
 */
export async function settledCall(method: "GET" | "POST" | "DELETE", path: string, fields: Record<string, string> = {}): Promise<Answer> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(formRequest(method, path, fields, SANDBOX_SECRET_KEY, {}) as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  const answer = await answerOf(response);
  await waitOnExecutionContext(ctx);
  return answer;
}

/** Moves the sandbox clock forward and waits for the retries that came due to have run. */
export async function advanceClock(seconds: number): Promise<void> {
  const moved = await settledCall("POST", "/v1/test_helpers/advance_clock", { seconds: String(seconds) });
  expect(moved.status, moved.text).toBe(200);
}

export async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

/**
 * Events about one object (newest first), as `GET /v1/events` lists them: a connected account's own
 * events are that account's, listed with `Stripe-Account` (https://docs.stripe.com/connect/webhooks).
 */
export const eventsFor = async (stripe: Stripe, objectId: string) =>
  (await stripe.events.list({ limit: 100 }, objectId.startsWith("acct_") ? { stripeAccount: objectId } : {})).data.filter(
    (e) => (e.data.object as { id?: string }).id === objectId,
  );

// ---- The recorder (the product's webhook endpoints) ------------------------------------------------

export const PLATFORM_ENDPOINT = "/api/webhooks/stripe";
export const CONNECT_ENDPOINT = "/api/webhooks/stripe-connect";

/** One POST the sandbox made, and the status the endpoint answered. */
export interface Delivery {
  path: string;
  signature: string | null;
  body: string;
  status: number;
}

const RECORDER = "https://webhook-endpoint.test";

/**
 * The recorder's two endpoints as the product's would be made: every event type (`*`), in the SDK's
 * version, one for the platform and one for connected accounts. Every test file starts with them
 * (setup-world.ts), in an empty sandbox.
 */
export async function subscribeRecorder(stripe: Stripe): Promise<void> {
  const existing = (await stripe.webhookEndpoints.list({ limit: 100 })).data.map((endpoint) => endpoint.url);
  for (const [path, connect] of [
    [PLATFORM_ENDPOINT, false],
    [CONNECT_ENDPOINT, true],
  ] as const) {
    const url = `${PRODUCT_ORIGIN}${path}`;
    if (existing.includes(url)) continue;
    await stripe.webhookEndpoints.create({ url, connect, enabled_events: ["*"], api_version: Stripe.API_VERSION });
  }
}

export async function deliveries(): Promise<Delivery[]> {
  return (await env.WEBHOOK_RECORDER.fetch(`${RECORDER}/received`)).json();
}

/** Deliveries of one event (every attempt), oldest first. */
export const deliveriesOf = async (eventId: string) => (await deliveries()).filter((d) => (JSON.parse(d.body) as { id: string }).id === eventId);

/** Deliveries of events about one object (every attempt), oldest first. */
export const deliveriesAbout = async (objectId: string) =>
  (await deliveries()).filter((d) => (JSON.parse(d.body) as { data: { object: { id?: string } } }).data.object.id === objectId);

/** The next `count` deliveries whose payload contains `match` answer 500. */
export async function failNextDeliveries(count: number, match: string): Promise<void> {
  const response = await env.WEBHOOK_RECORDER.fetch(`${RECORDER}/fail-next?${new URLSearchParams({ count: String(count), match })}`, { method: "POST" });
  expect(response.status).toBe(204);
}

export async function clearDeliveries(): Promise<void> {
  const response = await env.WEBHOOK_RECORDER.fetch(`${RECORDER}/received`, { method: "DELETE" });
  expect(response.status).toBe(204);
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Verifies a delivery as the product's endpoint does (https://docs.stripe.com/webhooks#verify-official-libraries). */
export const verifyDelivery = (delivery: Delivery, secret: string) =>
  Stripe.webhooks.constructEventAsync(delivery.body, delivery.signature ?? "", secret, undefined, cryptoProvider);

/** A Custom connected account the platform makes payable itself (terms accepted, the taxpayer id, a debit card). */
export const payableAccount = (stripe: Stripe) =>
  stripe.accounts.create({
    type: "custom",
    country: "US",
    business_type: "individual",
    individual: { id_number: "000000000" },
    capabilities: { transfers: { requested: true } },
    external_account: "tok_visa_debit",
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: "203.0.113.7" },
  });
