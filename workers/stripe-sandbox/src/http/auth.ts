/**
 * Who is calling: the server SDK with the sandbox's secret key, or the browser's card form with the
 * publishable key. A publishable key reaches only what Stripe.js may: intents named by their
 * client secret, and creating payment methods. https://docs.stripe.com/keys
 */
import type { Context } from "hono";
import type { AppEnv } from "./env";
import { authenticationError, invalidRequest, parameterMissing } from "./errors";

/** The sandbox's keys: the product's server sends the secret one, its card form the publishable one. */
export const SANDBOX_SECRET_KEY = "sk_test_jplay_sandbox";
export const SANDBOX_PUBLISHABLE_KEY = "pk_test_jplay_sandbox";

export type KeyKind = "secret" | "publishable";

/** Bearer or Basic (key as user name), as Stripe accepts both. */
function readKey(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) {
    try {
      return atob(value).split(":")[0] ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

const masked = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "****");

/** Answers Stripe's 401s for a missing or unknown key. */
export function authenticate(header: string | undefined): KeyKind {
  const key = readKey(header);
  if (!key) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key === SANDBOX_SECRET_KEY) return "secret";
  if (key === SANDBOX_PUBLISHABLE_KEY) return "publishable";
  throw authenticationError(`Invalid API Key provided: ${masked(key)}`);
}

/**
 * A browser cannot hide where a request comes from: it always sends `Sec-Fetch-Site` (to
 * trustworthy origins, loopback included) or `Origin`. Server-side clients send neither.
 */
export const fromBrowser = (headers: Headers): boolean => headers.has("Sec-Fetch-Site") || headers.has("Origin");

/** The caller's key; a secret key is refused from a browser, where it would be exposed. */
export function keyKind(c: Context<AppEnv>): KeyKind {
  const kind = authenticate(c.req.header("Authorization"));
  if (kind === "secret" && fromBrowser(c.req.raw.headers)) {
    throw authenticationError(
      "Secret API keys cannot be used from a browser. Use your publishable key with Stripe.js, and keep the secret key on your server.",
    );
  }
  return kind;
}

export function requireSecretKey(kind: KeyKind): void {
  if (kind !== "secret") {
    throw authenticationError(
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
    );
  }
}

/** With a publishable key the caller must prove it holds the intent's client secret. */
export function requireClientSecret(kind: KeyKind, intent: { id: string; object: string; client_secret: string | null }, given: string | undefined): void {
  if (kind === "secret") return;
  if (!given) throw parameterMissing("client_secret");
  if (given !== intent.client_secret) {
    const label = intent.object === "setup_intent" ? "SetupIntent" : "PaymentIntent";
    throw invalidRequest(`The client_secret provided does not match the client_secret associated with the ${label}.`, {
      param: "client_secret",
      code: "resource_missing",
    });
  }
}
