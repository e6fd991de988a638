/**
 * Stripe's webhook endpoints made from the product's own list (workers/api/src/payments/webhooks/webhook-endpoints.ts):
 * the client for a local product's Stripe sandbox (through its /api/stripe-sandbox pass-through, which
 * takes the sandbox's secret key from a server, never from a browser), the sync `pnpm dev` and the
 * browser tests' servers run once they answer, and the lines `pnpm stripe:endpoints` prints.
 */
import Stripe from "stripe";
import { type SecretSettings, type SyncedEndpoint, syncWebhookEndpoints } from "../workers/api/src/payments/webhooks/webhook-endpoints.ts";

/** The sandbox's secret key (workers/stripe-sandbox/src/http/auth.ts): a test-only value, not a secret. */
const SANDBOX_SECRET_KEY = "sk_test_jplay_sandbox";
const SANDBOX_PASS_THROUGH = "/api/stripe-sandbox";

/** The SDK, its requests sent to the Stripe sandbox of the local product at `origin`. */
export function localSandboxStripe(origin: string): Stripe {
  const viaProduct: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // fetch sets Content-Length from the body itself; the SDK's own value is refused by some of
    // Node's fetch builds (undici: "invalid content-length header", seen under vitest).
    const headers = new Headers(init?.headers);
    headers.delete("content-length");
    return fetch(`${origin}${SANDBOX_PASS_THROUGH}${url.pathname}${url.search}`, { ...init, headers });
  };
  return new Stripe(SANDBOX_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000, httpClient: Stripe.createFetchHttpClient(viaProduct) });
}

/** The local product's endpoints in its sandbox, made or brought up to date; `settings`: the product's secrets (a replacement is enabled once they hold its secret). */
export const syncLocalEndpoints = (origin: string, settings: SecretSettings = {}): Promise<SyncedEndpoint[]> =>
  syncWebhookEndpoints(localSandboxStripe(origin), origin, Stripe.API_VERSION, settings);

/** What the sync did, a line or a few per endpoint; `secretHint` says where a new secret goes. */
export function describeSync(synced: readonly SyncedEndpoint[], secretHint: (setting: string) => string): string[] {
  const lines: string[] = [];
  for (const { spec, url, action } of synced) {
    const events = `${spec.events.length} event type${spec.events.length === 1 ? "" : "s"}`;
    switch (action.kind) {
      case "created":
        lines.push(`created ${spec.name} endpoint ${action.endpoint.id} ${url} (${events}, API version ${action.endpoint.api_version})`);
        lines.push(`  its signing secret is shown only now: ${secretHint(spec.secretSetting)}`, `  ${action.secret}`);
        break;
      case "updated":
        lines.push(
          `updated ${spec.name} endpoint ${action.endpoint.id} ${url}: ${events}` +
            (action.added.length ? `, added ${action.added.join(" ")}` : "") +
            (action.removed.length ? `, removed ${action.removed.join(" ")}` : "") +
            (action.enabled ? ", enabled again" : ""),
        );
        break;
      case "unchanged":
        lines.push(`${spec.name} endpoint ${action.endpoint.id} ${url} is up to date (${events}, API version ${action.endpoint.api_version})`);
        break;
      case "replaced":
        lines.push(
          `${spec.name} endpoint ${action.stale.id} ${url} sends API version ${action.stale.api_version ?? "(the account's default)"}, another release than the SDK's ${action.created.api_version}; Stripe cannot change an endpoint's version, so ${action.created.id} was made beside it`,
          `  it is disabled until its signing secret, shown only now, is in ${spec.secretSetting} beside the old one (comma-separated): ${secretHint(spec.secretSetting)}`,
          `  ${action.secret}`,
          `  then run this again: it enables ${action.created.id} and deletes ${action.stale.id}`,
        );
        break;
      case "pending":
        lines.push(
          `${spec.name} endpoint ${action.endpoint.id} ${url} waits, disabled, for its signing secret in ${spec.secretSetting} (run with that setting in the environment); ${action.stale.map((old) => old.id).join(" ")} still sends the events`,
          `  its secret lost: delete it (stripe webhook_endpoints delete ${action.endpoint.id}) and run this again for a new one`,
        );
        break;
      case "switched":
        lines.push(
          `${spec.name} endpoint ${action.endpoint.id} ${url} enabled, its secret being in ${spec.secretSetting}; deleted ${action.deleted.join(" ") || "nothing"}: the old secret may now leave ${spec.secretSetting}`,
        );
        break;
    }
  }
  return lines;
}
