/**
 * What a provider id and a provider's shared secret must be. Ids come from a request header, so they
 * are held to a plain pattern before anything looks them up; a secret is an HMAC key, so it must be
 * a string of at least 32 bytes (HMAC-SHA256's output size: a shorter key is guessable sooner than
 * the MAC itself). Checked for PROVIDER_WEBHOOK_SECRET and every entry of PROVIDER_SECRETS.
 */
export const PROVIDER_ID = /^[a-z0-9-]{1,32}$/;
export const PRIMARY_PROVIDER = "primary";
export const PROVIDER_SECRET_MIN_BYTES = 32;

/** Why `secret` cannot be a provider's secret, or null when it can. */
export function providerSecretProblem(secret: unknown): string | null {
  if (typeof secret !== "string") return "its secret is not a string";
  if (new TextEncoder().encode(secret).length < PROVIDER_SECRET_MIN_BYTES) return `its secret is shorter than ${PROVIDER_SECRET_MIN_BYTES} bytes`;
  return null;
}
