/**
 * Authenticates the tablet provider's reports: HMAC-SHA256 with the shared PROVIDER_WEBHOOK_SECRET
 * over `${timestamp}.${rawBody}` (the scheme Stripe uses for its webhooks), hex-encoded. The timestamp
 * is signed too, so an old report cannot be replayed with a fresh one; WebCrypto's verify compares in
 * constant time. The signature is checked before the timestamp, so an unsigned caller learns nothing.
 */
import { PROVIDER_SIGNATURE_MAX_AGE_SECONDS, PROVIDER_SIGNATURE_MAX_SKEW_SECONDS } from "@jplay/schema/purchases";
import { AppError } from "../errors";

export const TIMESTAMP_HEADER = "X-JPlay-Timestamp";
export const SIGNATURE_HEADER = "X-JPlay-Signature";

const refuse = (code: string, message: string) => new AppError(401, code, message);
const encoder = new TextEncoder();

const hmacKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

/** The hex signature of a report: what the provider sends in X-JPlay-Signature. */
export async function signProviderReport(secret: string, timestamp: string, rawBody: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(`${timestamp}.${rawBody}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Throws a 401 AppError unless the report is signed with `secret` and its timestamp is fresh. */
export async function verifyProviderSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs: number,
): Promise<void> {
  if (!timestamp || !signature) throw refuse("missing_signature", `Signed reports carry ${TIMESTAMP_HEADER} (Unix seconds) and ${SIGNATURE_HEADER} (hex HMAC-SHA256)`);
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse("invalid_timestamp", `${TIMESTAMP_HEADER} must be a Unix time in whole seconds`);
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw refuse("invalid_signature", `${SIGNATURE_HEADER} must be 64 hex characters (HMAC-SHA256)`);
  const signatureBytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signatureBytes, encoder.encode(`${timestamp}.${rawBody}`));
  if (!valid) throw refuse("invalid_signature", "The signature does not match the body and timestamp");

  const ageSeconds = nowMs / 1000 - Number(timestamp);
  if (ageSeconds > PROVIDER_SIGNATURE_MAX_AGE_SECONDS) {
    throw refuse("stale_timestamp", `The report was signed more than ${PROVIDER_SIGNATURE_MAX_AGE_SECONDS / 60} minutes ago; sign it again with the current time`);
  }
  if (ageSeconds < -PROVIDER_SIGNATURE_MAX_SKEW_SECONDS) {
    throw refuse("timestamp_in_future", `The report's timestamp is more than ${PROVIDER_SIGNATURE_MAX_SKEW_SECONDS} seconds ahead of the server's clock`);
  }
}
