/**
 * One sandbox API call: its parameters, key, store, clock and the events it emits. Every resource
 * works on one; it has its own file so resources can name it without importing the request cycle
 * (`endpoint()` in context.ts), which imports expansion and through it the resources again.
 */
import type { SandboxEnv } from "./env";
import type { KeyKind } from "./auth";
import { buildEvent, routedTo, type SandboxEvent } from "../events/events";
import type { Params } from "./form";
import { SandboxStore, type StoredObject } from "../store/store";
import { type KnownEventType, endpointsFor, loadWebhookEndpoints } from "../events/webhook-endpoints";

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
      const routed = routedTo(
        event,
        endpointsFor(endpoints, event).map((endpoint) => endpoint.id),
      );
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
