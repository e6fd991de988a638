/**
 * What both Stripe webhook routes do before an event is applied: the signature verified on the raw
 * body against each secret of the endpoint's setting, the body refused unless it is an event object,
 * and whether the event's mode is the secret key's.
 *
 * A setting may hold several secrets, comma-separated: while an endpoint is replaced by one of a new
 * API release (payments/webhooks/webhook-endpoints.ts), Stripe posts to the same URL from both, each signing
 * with its own secret (docs/decisions/095-stripe-strictness.md).
 *
 * Mode: Stripe sends a Connect endpoint of a live account the test-mode events of its connected
 * accounts too (https://docs.stripe.com/connect/webhooks), so an event whose `livemode` is not the
 * key's is acknowledged and ignored, never applied to live data.
 */
import Stripe from "stripe";
import { AppError } from "../../../platform/errors";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type WebhookSecretSetting = "STRIPE_WEBHOOK_SECRET" | "STRIPE_CONNECT_WEBHOOK_SECRET";

/** The secrets of a setting (comma-separated, blanks dropped); 503 when there is none. */
export function webhookSecrets(env: Env, setting: WebhookSecretSetting): string[] {
  const secrets = (env[setting] ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new AppError(503, "webhooks_unconfigured", `${setting} is not configured`);
  return secrets;
}

/** The event a request carries, verified against any of `secrets`; 400 when none signed it or it is not an event. */
export async function signedEvent(request: Request, secrets: readonly string[]): Promise<Stripe.Event> {
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) throw new AppError(400, "invalid_signature", "Missing Stripe-Signature header");
  const payload = await request.text();
  let event: Stripe.Event | undefined;
  for (const secret of secrets) {
    try {
      event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider);
      break;
    } catch {
      // The next secret of the list may have signed it.
    }
  }
  if (event === undefined) throw new AppError(400, "invalid_signature", "Webhook signature verification failed");
  // Stripe's SDK reads any JSON the secret signed as the event: one that is not an event object (every
  // Stripe event says its mode) is refused, not dereferenced.
  if (typeof event !== "object" || event === null || Array.isArray(event) || typeof event.livemode !== "boolean") {
    throw new AppError(400, "bad_request", "The signed body is not a Stripe event");
  }
  return event;
}

/** True for a live secret key (sk_live_/rk_live_); the sandbox and test keys are test mode. */
export const keyIsLive = (env: Env): boolean => /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "");

/** True when the event is of the other mode than the key's: to acknowledge and ignore, logged. */
export function otherMode(env: Env, event: Stripe.Event, endpoint: string): boolean {
  if (event.livemode === keyIsLive(env)) return false;
  console.log(
    JSON.stringify({ level: "info", msg: "webhook event of the other mode ignored", endpoint, event: event.id, type: event.type, livemode: event.livemode }),
  );
  return true;
}
