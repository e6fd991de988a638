/**
 * How the browser talks to the Stripe sandbox's REST API (when no publishable key is configured):
 * form-encoded POSTs with the sandbox's publishable key, answered with Stripe's JSON shapes, so the
 * card form exercises the same semantics Stripe.js would (declines, 3-D Secure).
 */
import { SANDBOX_API_BASE } from "@jplay/schema/payments";

/** The only key the sandbox accepts from browsers (the server side uses its secret counterpart). */
const SANDBOX_PUBLISHABLE_KEY = "pk_test_jplay_sandbox";

export type IntentKind = "setup_intents" | "payment_intents";

/** The fields of a SetupIntent / PaymentIntent the card form reads. */
export interface SandboxIntent {
  id: string;
  status: string;
  payment_method: string | { id: string } | null;
  next_action?: unknown;
  last_setup_error?: { message?: string } | null;
  last_payment_error?: { message?: string } | null;
}

/** A Stripe error answer (card declined, invalid number, …): its message is for the cardholder. */
export class SandboxCardError extends Error {
  readonly code: string | undefined;
  readonly declineCode: string | undefined;

  constructor(message: string, code?: string, declineCode?: string) {
    super(message);
    this.name = "SandboxCardError";
    this.code = code;
    this.declineCode = declineCode;
  }
}

/** "seti_123_secret_abc" → "seti_123". */
export const intentIdFromSecret = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? clientSecret;

export async function sandboxPost(path: string, params: Record<string, string>): Promise<SandboxIntent> {
  const response = await fetch(`${SANDBOX_API_BASE}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${SANDBOX_PUBLISHABLE_KEY}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    },
    body: new URLSearchParams(params),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === "object") return body as SandboxIntent;

  const error = (body as { error?: { message?: string; code?: string; decline_code?: string } } | null)?.error;
  if (response.status < 500 && error?.message) throw new SandboxCardError(error.message, error.code, error.decline_code);
  throw new Error(`Stripe sandbox answered ${response.status} to ${path}`);
}
