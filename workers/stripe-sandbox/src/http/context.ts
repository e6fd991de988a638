/**
 * `endpoint()`, which every sandbox route uses so all of them share Stripe's request/answer cycle (auth, parameter
 * decoding, expansion, one atomic commit with the idempotent answer even for card errors, webhook
 * scheduling, and the armed 500s that happen after the idempotency key was claimed).
 */
import type { Context, Handler } from "hono";
import type { AppEnv } from "./env";
import { keyKind, requireSecretKey } from "./auth";
import { sandboxNow } from "../store/clock";
import { StripeApiError, apiError, errorResponse, stripeJson } from "./errors";
import { expand } from "./expand";
import { actingAccountOf } from "../connect/connected-account";
import { holdsWebhooks } from "./faults";
import { Params, bodyText } from "./form";
import { idempotencyScopeOf, idempotentAnswerStatement } from "./idempotency";
import { SandboxCall } from "./sandbox-call";
import { scheduleDelivery } from "../events/webhooks";

/** `secret`: server only. `publishable`: also the browser, which the handler must then check. */
export type Access = "secret" | "publishable";

async function readParams(c: Context<AppEnv>): Promise<Params> {
  if (c.req.method === "POST") return Params.fromForm(await bodyText(c.req));
  return Params.fromForm(new URL(c.req.url).search);
}

export function endpoint(access: Access, run: (call: SandboxCall) => Promise<unknown>): Handler<AppEnv> {
  return async (c) => {
    const key = keyKind(c);
    if (access === "secret") requireSecretKey(key);
    const params = await readParams(c);
    const call = new SandboxCall(
      c.env,
      params,
      key,
      c.get("requestId") ?? null,
      c.req.header("Idempotency-Key") ?? null,
      await sandboxNow(c.env.DB),
      c.req.param(),
      actingAccountOf(c),
    );
    // The answer is stored for the idempotency key in the same batch as the work (idempotency.ts).
    const scope = idempotencyScopeOf(c);
    const withAnswer = (status: number, text: string) => (scope ? [idempotentAnswerStatement(c.env.DB, scope, status, text)] : []);
    let committed = false;
    let text: string;
    // An armed 500 (faults.ts) fails the request once it has begun: before any work, or after it.
    const fault = c.get("fault");
    try {
      if (fault === "http_500") throw apiError();
      const body = await run(call);
      text = stripeJson(await expand(call.store, body, params.expand()));
      if (fault === "http_500_after_commit") {
        const failure = apiError();
        await call.store.commit(withAnswer(failure.status, await errorResponse(failure).text()));
        committed = true;
        throw failure;
      }
      await call.store.commit(withAnswer(200, text));
      committed = true;
    } catch (error) {
      // A declined card (402) still leaves its trace, as on Stripe: the failed charge, the intent
      // back at requires_payment_method, the events. Any other error changes nothing.
      if (!committed && error instanceof StripeApiError && error.status === 402) {
        const answered = fault === "http_500_after_commit" ? apiError() : error;
        await call.store.commit(withAnswer(answered.status, await errorResponse(answered).text()));
        committed = true;
        throw answered;
      }
      throw error;
    } finally {
      await call.store.releaseLocks();
      // Events go out once the answer has (a fault may hold them back: then they wait for a retry
      // or POST /v1/test_helpers/deliver_events).
      if (committed && !holdsWebhooks(c.req.raw))
        scheduleDelivery(
          c.env,
          call.events.map((e) => e.id),
          c.executionCtx,
        );
    }
    return new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
  };
}
