/**
 * The sandbox Worker stopped mid-request: a POST's idempotent answer is stored in the same D1 batch as
 * its work, so a process stopped right after that commit leaves a key that replays the answer (the
 * retry never creates or charges twice), and a process stopped before it leaves only a claim, which
 * blocks the key briefly and is then given up. Stripe's idempotent requests promise exactly this: the
 * same key gets the same result (https://docs.stripe.com/api/idempotent_requests).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { ABANDONED_CLAIM_MS, claimIdempotencyKey } from "../src/http/idempotency";
import worker from "../src/index";
import { SANDBOX_SECRET_KEY, call, sandboxStripe } from "./support";

const stripe = sandboxStripe();

const STOPPED = "the Worker stopped here (simulated)";

/**
 * The D1 binding of a Worker that stops right after the sandbox committed a request's work (the first
 * batch that writes Stripe objects): that batch lands, every later statement fails, as nothing after
 * a process stops can run. An answer stored outside that batch is therefore lost.
 */
function d1StoppingAfterCommit(): { db: D1Database; stopped: () => boolean } {
  let stopped = false;
  const realStatements = new WeakMap<object, D1PreparedStatement>();
  const queries = new WeakMap<object, string>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => (stopped ? Promise.reject(new Error(STOPPED)) : (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    realStatements.set(proxy, statement);
    queries.set(proxy, query);
    return proxy;
  };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (stopped) throw new Error(STOPPED);
          const results = await target.batch(statements.map((s) => realStatements.get(s) ?? s));
          if (statements.some((s) => queries.get(s)?.startsWith("INSERT INTO sandbox_objects"))) stopped = true;
          return results;
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, stopped: () => stopped };
}

describe("the sandbox's idempotent answer and its work land together", () => {
  it("a Worker stopped right after the commit leaves a key that replays the same intent, not one that runs again", async () => {
    const customer = await stripe.customers.create();
    const stopping = d1StoppingAfterCommit();
    const ctx = createExecutionContext();
    const dying = new Stripe(SANDBOX_SECRET_KEY, {
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient((input, init) =>
        worker.fetch(new Request(input, init) as Request<unknown, IncomingRequestCfProperties>, { ...env, DB: stopping.db }, ctx),
      ),
    });
    const params: Stripe.PaymentIntentCreateParams = { amount: 1234, currency: "usd", customer: customer.id };
    const key = `crash-${crypto.randomUUID()}`;
    // The caller never gets the answer.
    await expect(dying.paymentIntents.create(params, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await waitOnExecutionContext(ctx);
    expect(stopping.stopped()).toBe(true);

    // Stripe has the intent; the key replays it rather than running again.
    const [made] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(made).toMatchObject({ amount: 1234, customer: customer.id });
    const fields = { amount: "1234", currency: "usd", customer: customer.id };
    const retried = await call("POST", "/v1/payment_intents", fields, SANDBOX_SECRET_KEY, { "Idempotency-Key": key });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retried.json).toMatchObject({ id: made!.id, object: "payment_intent" });
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: key })).id).toBe(made!.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("a claim left by a Worker stopped before its commit blocks the key only briefly, then the retry runs", async () => {
    const key = `stopped-${crypto.randomUUID()}`;
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "claimed" });
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "in_progress" });
    await env.DB.prepare("UPDATE sandbox_idempotency SET created_at = created_at - ? WHERE key = ?")
      .bind(ABANDONED_CLAIM_MS + 1, key)
      .run();
    expect(await claimIdempotencyKey(env.DB, key, "fp")).toEqual({ kind: "claimed" });
  });

  it("over HTTP: a request meeting the stopped request's claim gets 409, and once the claim is given up it runs, once", async () => {
    const email = `stopped-${crypto.randomUUID()}@example.com`;
    const key = `stopped-http-${crypto.randomUUID()}`;
    const body = new URLSearchParams({ email }).toString();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`POST /v1/customers\n${body}`)));
    const fingerprint = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    // What the stopped request left: its claim (the key is scoped to the secret key), and no work.
    expect(await claimIdempotencyKey(env.DB, `secret:${key}`, fingerprint)).toEqual({ kind: "claimed" });

    const blocked = await call("POST", "/v1/customers", { email }, SANDBOX_SECRET_KEY, { "Idempotency-Key": key });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error).toMatchObject({ type: "idempotency_error" });
    expect((await stripe.customers.list({ email })).data).toEqual([]);

    await env.DB.prepare("UPDATE sandbox_idempotency SET created_at = created_at - ? WHERE key = ?")
      .bind(ABANDONED_CLAIM_MS + 1, `secret:${key}`)
      .run();
    const ran = await call("POST", "/v1/customers", { email }, SANDBOX_SECRET_KEY, { "Idempotency-Key": key });
    expect(ran.status).toBe(200);
    const replayed = await call("POST", "/v1/customers", { email }, SANDBOX_SECRET_KEY, { "Idempotency-Key": key });
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.json.id).toBe(ran.json.id);
    expect((await stripe.customers.list({ email })).data.map((c) => c.id)).toEqual([ran.json.id]);
  });
});
