/**
 * The tablet providers JPlay has enrolled, each with its own shared secret: `primary`, the provider
 * of PROVIDER_WEBHOOK_SECRET (it sends no X-JPlay-Provider header, as before there were others), and
 * those of PROVIDER_SECRETS (`{"<provider id>": "<secret>"}`), which name themselves in
 * X-JPlay-Provider. A purchase outlives the vendor that sold it: a listener's receipts are redeemable
 * at whichever of them holds the listener, and a transfer code moves the listener to another
 * (listeners/). Every call is signed as provider-signature.ts says, with the caller's own secret.
 *
 * The header is the caller's choice, so it never indexes a plain object: the enrolled secrets are a
 * `Map` of ids matching PROVIDER_ID (a name such as `constructor` would otherwise find a JavaScript
 * member whose text anyone can sign with), and a setting holding a malformed id or a secret shorter
 * than 32 bytes enrols nobody (docs/decisions/089-provider-ids-and-secrets.md).
 */
import type { Context } from "hono";
import type { AppEnv } from "../platform/env";
import { AppError } from "../platform/errors";
import { acceptsSignatureV1, type SignedRequest, SIGNATURE_HEADER, TIMESTAMP_HEADER, providerSecret, verifyProviderSignature } from "./provider-signature";
import { consumeSignature } from "./signature-replay";
import { PRIMARY_PROVIDER, PROVIDER_ID, providerSecretProblem } from "./provider-secret-rules";

export { PRIMARY_PROVIDER } from "./provider-secret-rules";
export const PROVIDER_HEADER = "X-JPlay-Provider";

const reported = new Set<string>();
function reportOnce(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  console.error(JSON.stringify({ level: "error", message }));
}

/** Why PROVIDER_SECRETS enrols nobody, or null when every entry is well formed. */
function settingProblem(parsed: unknown): string | null {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "it is not a JSON object of provider id to secret";
  for (const [id, secret] of Object.entries(parsed)) {
    if (!PROVIDER_ID.test(id)) return `a provider id is not ${PROVIDER_ID.source}`;
    if (id === PRIMARY_PROVIDER) return `"${PRIMARY_PROVIDER}" is PROVIDER_WEBHOOK_SECRET's provider and cannot be enrolled again`;
    const problem = providerSecretProblem(secret);
    if (problem) return `provider "${id}": ${problem}`;
  }
  return null;
}

/** The providers of PROVIDER_SECRETS; none when the setting is missing or any entry of it is malformed (logged once). */
function enrolledSecrets(env: Env): ReadonlyMap<string, string> {
  if (!env.PROVIDER_SECRETS?.trim()) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.PROVIDER_SECRETS);
  } catch {
    parsed = undefined;
  }
  const problem = settingProblem(parsed);
  if (problem) {
    reportOnce(`PROVIDER_SECRETS is refused (${problem}): no further provider is enrolled`);
    return new Map();
  }
  return new Map(Object.entries(parsed as Record<string, string>));
}

const unknownProvider = (providerId: string) =>
  new AppError(
    401,
    "unknown_provider",
    PROVIDER_ID.test(providerId)
      ? `No provider "${providerId}" is enrolled: ${PROVIDER_HEADER} must name an enrolled provider, or be left out by the primary one`
      : `${PROVIDER_HEADER} must be a provider id (${PROVIDER_ID.source}) JPlay has enrolled, or be left out by the primary provider`,
  );

/** The secret of an enrolled provider; 401 `unknown_provider` for one JPlay has not enrolled, 503 while the primary one's is missing. */
export function enrolledProviderSecret(env: Env, providerId: string, refused: string): string {
  if (providerId === PRIMARY_PROVIDER) return providerSecret(env, refused);
  if (!PROVIDER_ID.test(providerId)) throw unknownProvider(providerId);
  const enrolled = enrolledSecrets(env).get(providerId);
  if (enrolled === undefined) throw unknownProvider(providerId);
  return enrolled;
}

/**
 * Authenticates a provider's call: verifies its signature (v2, over method, path and query, the
 * provider it names and the body; provider-signature.ts) with the secret of that provider, and a
 * POST's signature is used up (signature-replay.ts), before the route reads or writes anything.
 * `primaryOnly`: the call is the primary provider's whatever it names (purchase reports, the feeds).
 * Returns the provider's id; 401 for a provider JPlay has not enrolled, a bad signature or a replay.
 */
export async function authenticateProvider(c: Context<AppEnv>, rawBody: string, refused: string, options: { primaryOnly?: boolean } = {}): Promise<string> {
  const named = options.primaryOnly ? undefined : c.req.header(PROVIDER_HEADER);
  const providerId = named === undefined ? PRIMARY_PROVIDER : named;
  const secret = enrolledProviderSecret(c.env, providerId, refused);
  const url = new URL(c.req.url);
  const request: SignedRequest = { method: c.req.method, pathAndQuery: c.req.url.slice(url.origin.length), providerId, body: rawBody };
  const timestamp = c.req.header(TIMESTAMP_HEADER);
  const signature = c.req.header(SIGNATURE_HEADER);
  await verifyProviderSignature(secret, timestamp, signature, request, c.var.ctx.now(), acceptsSignatureV1(c.env));
  if (request.method !== "GET") await consumeSignature(c.var.ctx, providerId, timestamp!, signature!);
  return providerId;
}
