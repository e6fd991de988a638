/**
 * A receipt as a compact JWS (RFC 7515) signed with Ed25519 ("EdDSA", RFC 8037): JPlay's word that a
 * listener bought a recording, which anyone verifies offline with the published JWKS
 * (`/.well-known/jwks.json`) and any standard JOSE library. The payload's claims are listed in
 * docs/catalogue-and-provider-api.md, "Receipts"; `jti` is the receipt id, `sub` the provider's opaque listener id. Receipts
 * carry no expiry: a purchase is the listener's for good (an operator's revocation is looked up at
 * redemption, not written in the token).
 */
import { base64url, base64urlText, fromBase64url } from "./base64url";

export const RECEIPT_ISSUER = "jplay";
/** The receipt's explicit JWT type (RFC 8725 §3.11), so no other JWT JPlay's keys might sign passes for a receipt, nor a receipt for another JWT. */
export const RECEIPT_TYPE = "jplay-receipt+jwt";

export interface ReceiptClaims {
  iss: typeof RECEIPT_ISSUER;
  /** The receipt id. */
  jti: string;
  /** The provider's opaque listener id. */
  sub: string;
  /** When JPlay signed it (Unix seconds). */
  iat: number;
  /** The recording's ISRC (without hyphens); null for a song bought before it had one. */
  isrc: string | null;
  songId: string;
  /** What the listener paid, in cents of `currency`. */
  priceCents: number;
  currency: "USD";
  /** When the listener bought it (Unix seconds). */
  purchasedAt: number;
  /** The provider's id for the purchase. */
  purchaseId: string;
}

/** Signs `claims` with the current key, named by `kid` in the protected header. */
export async function signReceipt(key: CryptoKey, kid: string, claims: ReceiptClaims): Promise<string> {
  const signingInput = `${base64urlText(JSON.stringify({ alg: "EdDSA", kid, typ: RECEIPT_TYPE }))}.${base64urlText(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign({ name: "Ed25519" }, key, new TextEncoder().encode(signingInput));
  return `${signingInput}.${base64url(new Uint8Array(signature))}`;
}

/** The receipt id (`jti`) a compact JWS claims, read without verifying it (null: not a receipt's shape); a lookup key only, never trusted as is. */
export function claimedReceiptId(token: string): string | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const payload = fromBase64url(parts[1]!);
  if (!payload) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { jti?: unknown };
    return typeof claims.jti === "string" ? claims.jti : null;
  } catch {
    return null;
  }
}

/** The `typ` of a compact JWS's protected header, read without verifying it (null: none, or not a JWS's shape). */
export function receiptType(token: string): string | null {
  const header = fromBase64url(token.split(".")[0] ?? "");
  if (!header) return null;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(header)) as { typ?: unknown };
    return typeof parsed.typ === "string" ? parsed.typ : null;
  } catch {
    return null;
  }
}
