/**
 * The tablet providers JPlay has enrolled, each with its own shared secret: `primary`, the provider
 * of PROVIDER_WEBHOOK_SECRET (it sends no X-JPlay-Provider header, as before there were others), and
 * those of PROVIDER_SECRETS (`{"<provider id>": "<secret>"}`), which name themselves in
 * X-JPlay-Provider. A listener's receipts are redeemable at any of them: a purchase outlives the
 * vendor that sold it. Every call is signed as provider-signature.ts says, with the caller's own secret.
 */
import { AppError } from "../platform/errors";
import { type SignedContent, SIGNATURE_HEADER, TIMESTAMP_HEADER, providerSecret, verifyProviderSignature } from "./provider-signature";

export const PROVIDER_HEADER = "X-JPlay-Provider";
export const PRIMARY_PROVIDER = "primary";

function enrolledSecrets(env: Env): Record<string, string> {
  if (!env.PROVIDER_SECRETS?.trim()) return {};
  try {
    const parsed = JSON.parse(env.PROVIDER_SECRETS) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length >= 16));
    }
  } catch {
    // Reported below: a malformed setting enrols nobody.
  }
  console.error(JSON.stringify({ level: "error", message: "PROVIDER_SECRETS is not a JSON object of provider id to secret: no further provider is enrolled" }));
  return {};
}

/** The secret of an enrolled provider; 401 `unknown_provider` for one JPlay has not enrolled, 503 while the primary one's is missing. */
export function enrolledProviderSecret(env: Env, providerId: string, refused: string): string {
  if (providerId === PRIMARY_PROVIDER) return providerSecret(env, refused);
  const enrolled = enrolledSecrets(env)[providerId];
  if (!enrolled) throw new AppError(401, "unknown_provider", `No provider "${providerId.slice(0, 64)}" is enrolled: ${PROVIDER_HEADER} must name an enrolled provider, or be left out by the primary one`);
  return enrolled;
}

/** Verifies a call's signature with the secret of the provider it names; returns that provider's id. 401 for a provider JPlay has not enrolled. */
export async function authenticateProvider(env: Env, header: (name: string) => string | undefined, content: SignedContent, nowMs: number, refused: string): Promise<string> {
  const named = header(PROVIDER_HEADER);
  const providerId = named === undefined ? PRIMARY_PROVIDER : named;
  await verifyProviderSignature(enrolledProviderSecret(env, providerId, refused), header(TIMESTAMP_HEADER), header(SIGNATURE_HEADER), content, nowMs);
  return providerId;
}
