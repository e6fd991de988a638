/**
 * The sandbox Worker's own configuration (workers/stripe-sandbox/wrangler.toml and its .dev.vars). It
 * shares nothing with the product but the webhook secrets, as Stripe and a merchant share them, and
 * the Turnstile stand-in's keys, as Cloudflare and a site share them.
 */
export interface SandboxEnv {
  /** The sandbox's own D1 database: Stripe objects, idempotent answers (migrations/). */
  DB: D1Database;
  /**
   * Where webhook events go: the product Worker, reached through a service binding as Stripe reaches
   * a merchant's endpoint URL. Events POST to its /api/webhooks/stripe (platform events) and
   * /api/webhooks/stripe-connect (events on connected accounts).
   */
  WEBHOOK_TARGET?: Fetcher;
  /** The secret a platform endpoint is issued (`whsec_…`, webhook-endpoints.ts), as the product's STRIPE_WEBHOOK_SECRET. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** The secret a Connect endpoint is issued, as the product's STRIPE_CONNECT_WEBHOOK_SECRET. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /**
   * How a request's own events go out (webhooks.ts): `in_order` (the default), or `unordered`: shuffled,
   * each sent twice, all at once, as Stripe does not promise order or single delivery. The test helper
   * `POST /v1/test_helpers/webhooks delivery=…` changes it while the sandbox runs.
   */
  WEBHOOK_DELIVERY?: string;
  /**
   * What Billing does with a subscription once its renewal's retries are spent (Settings → Billing →
   * Manage failed payments): `cancel` (the default), `unpaid`, or `past_due` (leave it).
   */
  BILLING_AFTER_RETRIES?: string;
  /**
   * Requests a second the API accepts before answering 429 (rate-limits.ts): unset, live mode's
   * limits (100 in all, 25 per endpoint); `off`; or `global=<n>,endpoint=<n>`. The test helper
   * `POST /v1/test_helpers/rate_limits` changes them while the sandbox runs.
   */
  RATE_LIMITS?: string;
  /**
   * The Turnstile stand-in's one site (turnstile.ts): its public site key, which the widget names, and
   * the secret siteverify takes, the same values the product has (scripts/dev-vars.ts copies them).
   */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
}

export interface AppEnv {
  Bindings: SandboxEnv;
  Variables: {
    requestId: string;
    /** An armed 500 the endpoint answers once it runs (faults.ts). */
    fault?: "http_500" | "http_500_after_commit";
  };
}
