/**
 * `POST /v1/{setup|payment}_intents/{id}/authenticate` on the Stripe sandbox: the outcome of the
 * simulated 3-D Secure challenge (what the bank's page would decide on real Stripe).
 */
import { intentIdFromSecret, sandboxPost, type IntentKind, type SandboxIntent } from "./sandbox-request";

export type AuthenticationOutcome = "complete" | "fail";

export const sandboxAuthenticateIntent = (kind: IntentKind, clientSecret: string, outcome: AuthenticationOutcome): Promise<SandboxIntent> =>
  sandboxPost(`/v1/${kind}/${encodeURIComponent(intentIdFromSecret(clientSecret))}/authenticate`, {
    client_secret: clientSecret,
    outcome,
  });
