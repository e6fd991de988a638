/**
 * The product's two Stripe webhook endpoints, declared once, and the sync that makes Stripe's match.
 * Stripe sends an endpoint only the event types it was created or updated with (`enabled_events`),
 * in the API version it was created with (`api_version`, which cannot be changed later), so a type
 * the product handles but the endpoint lacks never arrives, and an endpoint without a version sends
 * the account's default (https://docs.stripe.com/api/webhook_endpoints/create).
 *
 * The event types here are the keys of the webhooks' handler maps (stripe-events.ts and
 * routes/webhooks/stripe-connect.ts are typed by them), so a handled type cannot be missing here.
 * `pnpm stripe:endpoints` (scripts/stripe-endpoints.ts) runs the sync against Stripe, and
 * `pnpm dev` and the tests against the sandbox. This module imports no values, so Node scripts can
 * load it as it is.
 */
import type Stripe from "stripe";

/** Platform events the product acts on (payments/webhooks/stripe-events.ts applies each; reconciliation lists them, missed-stripe-events.ts). */
export const PLATFORM_EVENT_TYPES = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "refund.created",
  "refund.updated",
  "charge.refund.updated",
  "refund.failed",
  "setup_intent.setup_failed",
  "transfer.reversed",
  "charge.dispute.created",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_reinstated",
  "radar.early_fraud_warning.created",
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

/** Events on the artists' connected accounts the product acts on (routes/webhooks/stripe-connect.ts). */
export const CONNECT_EVENT_TYPES = [
  "account.updated",
  "payout.failed",
  "payout.paid",
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

export type PlatformEventType = (typeof PLATFORM_EVENT_TYPES)[number];
export type ConnectEventType = (typeof CONNECT_EVENT_TYPES)[number];

export interface WebhookEndpointSpec {
  /** Which endpoint (written as its `jplay_endpoint` metadata, for people reading Stripe's Dashboard). */
  name: "platform" | "connect";
  path: string;
  /** True: events on connected accounts (Stripe's `connect`); false: the platform's own. */
  connect: boolean;
  events: readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];
  /** The product's setting that holds the endpoint's signing secret. */
  secretSetting: "STRIPE_WEBHOOK_SECRET" | "STRIPE_CONNECT_WEBHOOK_SECRET";
}

export const WEBHOOK_ENDPOINTS: readonly WebhookEndpointSpec[] = [
  { name: "platform", path: "/api/webhooks/stripe", connect: false, events: PLATFORM_EVENT_TYPES, secretSetting: "STRIPE_WEBHOOK_SECRET" },
  { name: "connect", path: "/api/webhooks/stripe-connect", connect: true, events: CONNECT_EVENT_TYPES, secretSetting: "STRIPE_CONNECT_WEBHOOK_SECRET" },
];

/** `2026-10-28.endive` → `endive`: Stripe makes no breaking change within a release. */
const releaseOf = (version: string | null): string | null => version?.split(".")[1] ?? null;

export type EndpointAction =
  /** Made now: `secret` is shown once, and goes into the product's `secretSetting`. */
  | { kind: "created"; endpoint: Stripe.WebhookEndpoint; secret: string }
  /** Its event types were not the product's, or it was disabled: updated in place. */
  | { kind: "updated"; endpoint: Stripe.WebhookEndpoint; added: string[]; removed: string[]; enabled: boolean }
  | { kind: "unchanged"; endpoint: Stripe.WebhookEndpoint }
  /**
   * Its API version is of another release, which Stripe cannot change on an endpoint: a new one was
   * made beside it (`created`), disabled until its secret is in the product's settings (`pending`),
   * when a sync enables it and deletes `stale` (`switched`).
   */
  | { kind: "replaced"; stale: Stripe.WebhookEndpoint; created: Stripe.WebhookEndpoint; secret: string }
  /** A replacement made earlier, still disabled: its secret is not among the settings' secrets yet. */
  | { kind: "pending"; endpoint: Stripe.WebhookEndpoint; stale: Stripe.WebhookEndpoint[] }
  /** A replacement whose secret the settings now hold: enabled, and the endpoints it replaced deleted. */
  | { kind: "switched"; endpoint: Stripe.WebhookEndpoint; deleted: string[] };

/** The signing secrets the product's settings hold (each a comma-separated list, as the Worker reads them). */
export type SecretSettings = Partial<Record<WebhookEndpointSpec["secretSetting"], string>>;

export interface SyncedEndpoint {
  spec: WebhookEndpointSpec;
  url: string;
  action: EndpointAction;
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The same endpoint asked for twice gets one key (Stripe's keys are at most 255 characters: a digest). */
async function creationKey(params: Stripe.WebhookEndpointCreateParams): Promise<string> {
  const described = JSON.stringify([params.url, params.connect, params.api_version, [...params.enabled_events].sort()]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(described)));
  return `webhook-endpoint-${[...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A replacement's secret is shown once, on creation; the endpoint keeps a digest of it in its metadata
 * (`jplay_secret_digest`), so a later sync can tell whether the settings hold it without the secret.
 */
async function secretDigest(secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`jplay-webhook-secret:${secret}`)));
  return [...digest]
    .slice(0, 16)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

const settingSecrets = (settings: SecretSettings, spec: WebhookEndpointSpec): string[] =>
  (settings[spec.secretSetting] ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);

async function stillExists(stripe: Stripe, id: string): Promise<boolean> {
  try {
    await stripe.webhookEndpoints.retrieve(id);
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

async function allEndpoints(stripe: Stripe): Promise<Stripe.WebhookEndpoint[]> {
  const found: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) found.push(endpoint);
  return found;
}

/**
 * Makes Stripe's endpoints for `origin` (the product's public origin, e.g. https://jplay.example)
 * what WEBHOOK_ENDPOINTS says: created in the SDK's API version if missing, their event types set if
 * they differ, enabled if disabled. Creation uses an idempotency key of what it creates, so two syncs
 * at once (test files starting together) make one endpoint.
 *
 * One of another release is replaced in two runs, so no event is refused meanwhile: the first makes
 * the new endpoint disabled and shows its secret; once `settings` (the product's secret settings,
 * which then list both secrets) hold it, a run enables it and deletes the old one.
 */
export async function syncWebhookEndpoints(stripe: Stripe, origin: string, apiVersion: string, settings: SecretSettings = {}): Promise<SyncedEndpoint[]> {
  const existing = await allEndpoints(stripe);
  const synced: SyncedEndpoint[] = [];
  for (const spec of WEBHOOK_ENDPOINTS) {
    const url = new URL(spec.path, origin).toString();
    const create = async () => {
      const params: Stripe.WebhookEndpointCreateParams = {
        url,
        connect: spec.connect,
        api_version: apiVersion as Stripe.WebhookEndpointCreateParams.ApiVersion,
        enabled_events: [...spec.events],
        description: `JPlay ${spec.name} webhooks`,
        metadata: { jplay_endpoint: spec.name },
      };
      let created = await stripe.webhookEndpoints.create(params, { idempotencyKey: await creationKey(params) });
      // A key replays its first answer for 24 hours: an endpoint made then and deleted since is made anew.
      if (!(await stillExists(stripe, created.id))) created = await stripe.webhookEndpoints.create(params);
      return { created, secret: created.secret ?? "" };
    };
    // One at this URL in the SDK's release first (a stale one being replaced may still be there).
    const atUrl = existing.filter((endpoint) => endpoint.url === url);
    const stale = atUrl.filter((endpoint) => releaseOf(endpoint.api_version) !== releaseOf(apiVersion));
    const current = atUrl.find((endpoint) => releaseOf(endpoint.api_version) === releaseOf(apiVersion));
    if (!current) {
      const { created, secret } = await create();
      if (stale.length === 0) {
        synced.push({ spec, url, action: { kind: "created", endpoint: created, secret } });
        continue;
      }
      // Stripe makes an endpoint enabled; it is disabled at once, until the settings hold its secret.
      const disabled = await stripe.webhookEndpoints.update(created.id, { disabled: true, metadata: { jplay_secret_digest: await secretDigest(secret) } });
      synced.push({ spec, url, action: { kind: "replaced", stale: stale[0]!, created: disabled, secret } });
      continue;
    }
    const awaited = current.metadata.jplay_secret_digest;
    if (awaited && current.status !== "enabled") {
      const held = await Promise.all(settingSecrets(settings, spec).map(secretDigest));
      if (!held.includes(awaited)) {
        synced.push({ spec, url, action: { kind: "pending", endpoint: current, stale } });
        continue;
      }
      const enabled = await stripe.webhookEndpoints.update(current.id, {
        enabled_events: [...spec.events],
        disabled: false,
        metadata: { jplay_secret_digest: "" },
      });
      for (const old of stale) await stripe.webhookEndpoints.del(old.id);
      synced.push({ spec, url, action: { kind: "switched", endpoint: enabled, deleted: stale.map((old) => old.id) } });
      continue;
    }
    const added = spec.events.filter((type) => !current.enabled_events.includes(type));
    const removed = current.enabled_events.filter((type) => !(spec.events as readonly string[]).includes(type));
    const disabled = current.status !== "enabled";
    if (sameEvents(current.enabled_events, spec.events) && !disabled) {
      synced.push({ spec, url, action: { kind: "unchanged", endpoint: current } });
      continue;
    }
    const updated = await stripe.webhookEndpoints.update(current.id, { enabled_events: [...spec.events], disabled: false });
    synced.push({ spec, url, action: { kind: "updated", endpoint: updated, added, removed, enabled: disabled } });
  }
  return synced;
}
