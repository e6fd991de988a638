/**
 * Authenticates the tablet provider's calls: HMAC-SHA256 with the shared PROVIDER_WEBHOOK_SECRET over
 * `${timestamp}.${content}` (the scheme Stripe uses for its webhooks), hex-encoded. The content is a
 * purchase report's raw body, or, for a delivery-feed request (which has no body), its method, path
 * and query as sent: `GET /api/provider/releases?since=…`. The timestamp is signed too, so an old call
 * cannot be replayed with a fresh one; WebCrypto's verify compares in constant time. The signature is
 * checked before the timestamp, so an unsigned caller learns nothing.
 */
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import { PROVIDER_SIGNATURE_MAX_AGE_SECONDS, PROVIDER_SIGNATURE_MAX_SKEW_SECONDS } from "@jplay/schema/purchases";
import { AppError } from "../platform/errors";
import { providerSecretProblem } from "./provider-secret-rules";

export const TIMESTAMP_HEADER = "X-JPlay-Timestamp";
export const SIGNATURE_HEADER = "X-JPlay-Signature";

const refuse = (code: ApiErrorCode, message: string) => new AppError(401, code, message);
const encoder = new TextEncoder();

/** The shared secret as the HMAC-SHA256 key of the provider's requests (media links have a key derived from it: provider-media-links.ts). */
export const providerHmacKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

export async function hmacHex(key: CryptoKey, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(message));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `signatureHex` (64 hex characters, checked by the caller) is the HMAC of `message`, in constant time. */
export function hmacMatches(key: CryptoKey, signatureHex: string, message: string): Promise<boolean> {
  const signatureBytes = new Uint8Array(signatureHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify("HMAC", key, signatureBytes, encoder.encode(message));
}

export const HMAC_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * The secret the provider signs with; without it, or with one too short to be a key
 * (provider-secret-rules.ts), nothing from the provider can be authenticated (503: fails closed).
 */
export function providerSecret(env: Env, refused: string): string {
  if (!env.PROVIDER_WEBHOOK_SECRET) throw new AppError(503, "not_configured", `${refused}: PROVIDER_WEBHOOK_SECRET is not configured`);
  const problem = providerSecretProblem(env.PROVIDER_WEBHOOK_SECRET);
  if (problem) throw new AppError(503, "not_configured", `${refused}: PROVIDER_WEBHOOK_SECRET is refused (${problem})`);
  return env.PROVIDER_WEBHOOK_SECRET;
}

/** What a signature covers after its timestamp, and how a refusal names it. */
export interface SignedContent {
  text: string;
  /** "report" or "request". */
  noun: string;
  /** What else, besides the timestamp, the signature must match. */
  covers: string;
}

export const reportBody = (rawBody: string): SignedContent => ({ text: rawBody, noun: "report", covers: "the body" });

/** A bodiless request: its method, then its path and query exactly as sent. */
export const requestLine = (method: string, pathAndQuery: string): SignedContent => ({
  text: `${method} ${pathAndQuery}`,
  noun: "request",
  covers: "the method, path and query",
});

/** The hex signature of a report body (or any signed content's text): what the provider sends in X-JPlay-Signature. */
export async function signProviderReport(secret: string, timestamp: string, content: string): Promise<string> {
  return hmacHex(await providerHmacKey(secret, "sign"), `${timestamp}.${content}`);
}

/** Throws a 401 AppError unless `content` is signed with `secret` and its timestamp is fresh. */
export async function verifyProviderSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  content: SignedContent,
  nowMs: number,
): Promise<void> {
  const { noun } = content;
  if (!timestamp || !signature) throw refuse("missing_signature", `Signed ${noun}s carry ${TIMESTAMP_HEADER} (Unix seconds) and ${SIGNATURE_HEADER} (hex HMAC-SHA256)`);
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse("invalid_timestamp", `${TIMESTAMP_HEADER} must be a Unix time in whole seconds`);
  if (!HMAC_HEX.test(signature)) throw refuse("invalid_signature", `${SIGNATURE_HEADER} must be 64 hex characters (HMAC-SHA256)`);
  const valid = await hmacMatches(await providerHmacKey(secret, "verify"), signature, `${timestamp}.${content.text}`);
  if (!valid) throw refuse("invalid_signature", `The signature does not match ${content.covers} and timestamp`);

  const ageSeconds = nowMs / 1000 - Number(timestamp);
  if (ageSeconds > PROVIDER_SIGNATURE_MAX_AGE_SECONDS) {
    throw refuse("stale_timestamp", `The ${noun} was signed more than ${PROVIDER_SIGNATURE_MAX_AGE_SECONDS / 60} minutes ago; sign it again with the current time`);
  }
  if (ageSeconds < -PROVIDER_SIGNATURE_MAX_SKEW_SECONDS) {
    throw refuse("timestamp_in_future", `The ${noun}'s timestamp is more than ${PROVIDER_SIGNATURE_MAX_SKEW_SECONDS} seconds ahead of the server's clock`);
  }
}
