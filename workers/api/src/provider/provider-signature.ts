/**
 * Authenticates the tablet providers' calls: HMAC-SHA256 with the provider's shared secret, hex-encoded,
 * over signature v2, `"<timestamp>.<METHOD> <path and query>.<provider id>.<hex SHA-256 of the raw body>"`
 * (a GET hashes the empty body). The signature is thereby bound to the call's method, path, query, the
 * provider it claims to come from and its body: one made for another route, another provider or a GET
 * never passes for it. The timestamp is signed too, so an old call cannot be replayed with a fresh one,
 * and a signed POST is accepted once within its window (signature-replay.ts). WebCrypto's verify
 * compares in constant time; the signature is checked before the timestamp, so an unsigned caller
 * learns nothing (docs/decisions/090-provider-signature-v2.md).
 *
 * Signature v1 (`"<timestamp>.<raw body>"`, or `"<timestamp>.GET <path and query>"` for a GET) bound
 * none of that; it is accepted only while PROVIDER_SIGNATURE_V1 is "accept", a migration setting that
 * is off unless set.
 */
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import { PROVIDER_SIGNATURE_MAX_AGE_SECONDS, PROVIDER_SIGNATURE_MAX_SKEW_SECONDS } from "@jplay/schema/purchases";
import { AppError } from "../platform/errors";
import { providerSecretProblem } from "./provider-secret-rules";

export const TIMESTAMP_HEADER = "X-JPlay-Timestamp";
export const SIGNATURE_HEADER = "X-JPlay-Signature";

const refuse = (code: ApiErrorCode, message: string) => new AppError(401, code, message);
const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The shared secret as the HMAC-SHA256 key of the provider's requests (media links have a key derived from it: provider-media-links.ts). */
export const providerHmacKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

export async function hmacHex(key: CryptoKey, message: string): Promise<string> {
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

export const sha256Hex = async (text: string): Promise<string> => hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));

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

/** What a provider's call is, as its signature covers it. */
export interface SignedRequest {
  /** Upper case, as sent: "GET", "POST". */
  method: string;
  /** The path and query exactly as sent, e.g. "/api/provider/releases?since=0&limit=100". */
  pathAndQuery: string;
  /** The provider the call names ("primary" when it names none). */
  providerId: string;
  /** The raw body ("" for a GET). */
  body: string;
}

/** The text signature v2 signs: `"<timestamp>.<METHOD> <path and query>.<provider id>.<hex SHA-256 of the body>"`. */
export const signedTextV2 = async (timestamp: string, request: SignedRequest): Promise<string> =>
  `${timestamp}.${request.method} ${request.pathAndQuery}.${request.providerId}.${await sha256Hex(request.body)}`;

/** The text signature v1 signed: the body of a call with one, the request line of one without. */
const signedTextV1 = (timestamp: string, request: SignedRequest): string =>
  `${timestamp}.${request.method === "GET" ? `GET ${request.pathAndQuery}` : request.body}`;

/** The hex v2 signature of a call: what the provider sends in X-JPlay-Signature (tests and providers' reference). */
export async function signProviderRequest(secret: string, timestamp: string, request: SignedRequest): Promise<string> {
  return hmacHex(await providerHmacKey(secret, "sign"), await signedTextV2(timestamp, request));
}

/** The hex v1 signature of a call (the migration's legacy form, accepted only with PROVIDER_SIGNATURE_V1=accept). */
export async function signProviderRequestV1(secret: string, timestamp: string, request: SignedRequest): Promise<string> {
  return hmacHex(await providerHmacKey(secret, "sign"), signedTextV1(timestamp, request));
}

/** Whether this environment still accepts signature v1 (PROVIDER_SIGNATURE_V1 = "accept"; off unless set). */
export const acceptsSignatureV1 = (env: Env): boolean => env.PROVIDER_SIGNATURE_V1 === "accept";

/** Throws a 401 AppError unless `request` is signed with `secret` (v2, or v1 where `acceptV1`) and its timestamp is fresh. */
export async function verifyProviderSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  request: SignedRequest,
  nowMs: number,
  acceptV1 = false,
): Promise<void> {
  const noun = request.method === "GET" ? "request" : "call";
  if (!timestamp || !signature)
    throw refuse("missing_signature", `Signed ${noun}s carry ${TIMESTAMP_HEADER} (Unix seconds) and ${SIGNATURE_HEADER} (hex HMAC-SHA256)`);
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse("invalid_timestamp", `${TIMESTAMP_HEADER} must be a Unix time in whole seconds`);
  if (!HMAC_HEX.test(signature)) throw refuse("invalid_signature", `${SIGNATURE_HEADER} must be 64 hex characters (HMAC-SHA256)`);
  const key = await providerHmacKey(secret, "verify");
  const valid =
    (await hmacMatches(key, signature, await signedTextV2(timestamp, request))) ||
    (acceptV1 && (await hmacMatches(key, signature, signedTextV1(timestamp, request))));
  if (!valid) {
    throw refuse(
      "invalid_signature",
      `The signature does not match the timestamp, method, path and query, provider and body (signature v2: "<timestamp>.<METHOD> <path and query>.<provider>.<hex SHA-256 of the body>")`,
    );
  }

  const ageSeconds = nowMs / 1000 - Number(timestamp);
  if (ageSeconds > PROVIDER_SIGNATURE_MAX_AGE_SECONDS) {
    throw refuse(
      "stale_timestamp",
      `The ${noun} was signed more than ${PROVIDER_SIGNATURE_MAX_AGE_SECONDS / 60} minutes ago; sign it again with the current time`,
    );
  }
  if (ageSeconds < -PROVIDER_SIGNATURE_MAX_SKEW_SECONDS) {
    throw refuse("timestamp_in_future", `The ${noun}'s timestamp is more than ${PROVIDER_SIGNATURE_MAX_SKEW_SECONDS} seconds ahead of the server's clock`);
  }
}
