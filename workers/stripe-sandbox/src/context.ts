/**
 * One sandbox API call: its parameters, key, store, clock and the events it emits, and `endpoint()`,
 * which every route uses so all of them share Stripe's request/answer cycle (auth, parameter
 * decoding, expansion, one atomic commit with the idempotent answer even for card errors, webhook
 * scheduling, and the armed 500s that happen after the idempotency key was claimed).
 */
import type { Context, Handler } from "hono";
import type { AppEnv, SandboxEnv } from "./env";
import { type KeyKind, keyKind, requireSecretKey } from "./auth";
import { sandboxNow } from "./clock";
import { StripeApiError, apiError, errorResponse, stripeJson } from "./errors";
import { buildEvent, routedTo, type SandboxEvent } from "./events";
import { expand } from "./expand";
import { actingAccountOf } from "./connected-account";
import { holdsWebhooks } from "./faults";
import { Params, bodyText } from "./form";
import { idempotencyScopeOf, idempotentAnswerStatement } from "./idempotency";
import { SandboxStore, type StoredObject } from "./store";
import { scheduleDelivery } from "./webhooks";
import { type KnownEventType, endpointsFor, loadWebhookEndpoints } from "./webhook-endpoints";

export class SandboxCall {
  readonly store: SandboxStore;
  readonly now: number;
  readonly today: Date;
  readonly events: SandboxEvent[] = [];
  /** How many of `events` have been routed to their endpoints (routeEvents). */
  private routed = 0;

  constructor(
    readonly env: SandboxEnv,
    readonly params: Params,
    readonly key: KeyKind,
    readonly requestId: string | null,
    readonly idempotencyKey: string | null,
    /** The sandbox clock's time (clock.ts), Unix seconds. */
    now: number,
    private readonly pathParams: Record<string, string> = {},
    /** The connected account the request acts as (`Stripe-Account`, connected-account.ts), or null. */
    readonly actingAccount: string | null = null,
  ) {
    this.store = new SandboxStore(env.DB);
    this.now = now;
    this.today = new Date(now * 1000);
    this.store.beforeCommit(() => this.routeEvents());
  }

  /** Before the events emitted since the last commit are stored: the endpoints each is sent to. */
  private async routeEvents(): Promise<void> {
    if (this.routed === this.events.length) return;
    const endpoints = await loadWebhookEndpoints(this.env.DB);
    for (const event of this.events.slice(this.routed)) {
      const routed = routedTo(event, endpointsFor(endpoints, event).map((endpoint) => endpoint.id));
      event.pending_webhooks = routed.pending_webhooks;
      this.store.put(routed);
    }
    this.routed = this.events.length;
  }

  /** A `:name` segment of the route (Hono has decoded it). */
  pathParam(name: string): string {
    const value = this.pathParams[name];
    if (value === undefined) throw new Error(`Route has no :${name}`);
    return value;
  }

  /**
   * Records an event for `object`'s current state; it is committed with the request's writes.
   * `onAccount`: it happened on that connected account (it goes to Connect endpoints).
   */
  emit(type: KnownEventType, object: StoredObject, previous?: Record<string, unknown>, onAccount?: string): void {
    const event = buildEvent({ now: this.now, requestId: this.requestId, idempotencyKey: this.idempotencyKey }, type, object, previous, onAccount);
    this.events.push(event);
    this.store.put(event);
  }
}

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
    const call = new SandboxCall(c.env, params, key, c.get("requestId") ?? null, c.req.header("Idempotency-Key") ?? null, await sandboxNow(c.env.DB), c.req.param(), actingAccountOf(c));
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
      if (committed && !holdsWebhooks(c.req.raw)) scheduleDelivery(c.env, call.events.map((e) => e.id), c.executionCtx);
    }
    return new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
  };
}
