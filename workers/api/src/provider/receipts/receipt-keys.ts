/**
 * JPlay's receipt signing keys (Ed25519, RFC 8037): the current private key from the
 * RECEIPT_SIGNING_KEY secret (a JWK with `d`), and the public keys of retired ones from
 * RECEIPT_RETIRED_KEYS (a JSON array of JWKs, or a JWKS), kept so receipts they signed still verify
 * after a rotation. Each key's id is its RFC 7638 thumbprint, so a key id can never name another key.
 * The published JWKS (RFC 7517) holds the current public key and every retired one, never `d`. A
 * key whose `x` is not the public half of its `d` is refused when loaded: it would publish a key
 * that verifies nothing it signs. Loaded once per isolate and secret.
 */
import { AppError } from "../../platform/errors";
import { base64url, fromBase64url } from "./base64url";

/** A public Ed25519 key as the JWKS publishes it. */
export interface PublicReceiptJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

export interface ReceiptKeys {
  /** Signs with the current key; `kid` names it. */
  signingKey: CryptoKey;
  kid: string;
  /** The current public key first, then the retired ones. */
  jwks: { keys: PublicReceiptJwk[] };
}

const ED25519 = { name: "Ed25519" } as const;
const notConfigured = (message: string) => new AppError(503, "not_configured", message);

/** The key id of an Ed25519 public key: its RFC 7638 JWK thumbprint (SHA-256, base64url). */
export async function jwkThumbprint(x: string): Promise<string> {
  const canonical = JSON.stringify({ crv: "Ed25519", kty: "OKP", x });
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical))));
}

function okpKey(value: unknown, setting: string): { x: string; d?: string } {
  const jwk = value as { kty?: unknown; crv?: unknown; x?: unknown; d?: unknown } | null;
  if (
    typeof jwk !== "object" ||
    jwk === null ||
    jwk.kty !== "OKP" ||
    jwk.crv !== "Ed25519" ||
    typeof jwk.x !== "string" ||
    fromBase64url(jwk.x)?.length !== 32
  ) {
    throw notConfigured(`${setting} must hold Ed25519 JWKs ({"kty":"OKP","crv":"Ed25519","x":…})`);
  }
  if (jwk.d !== undefined && (typeof jwk.d !== "string" || fromBase64url(jwk.d)?.length !== 32))
    throw notConfigured(`${setting}: "d" must be 32 bytes, base64url`);
  return { x: jwk.x, d: jwk.d };
}

function parseJson(text: string, setting: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notConfigured(`${setting} is not JSON`);
  }
}

const publicJwk = async (x: string): Promise<PublicReceiptJwk> => ({ kty: "OKP", crv: "Ed25519", x, kid: await jwkThumbprint(x), alg: "EdDSA", use: "sig" });

async function loadKeys(signingKey: string, retired: string | undefined): Promise<ReceiptKeys> {
  const current = okpKey(parseJson(signingKey, "RECEIPT_SIGNING_KEY"), "RECEIPT_SIGNING_KEY");
  if (!current.d) throw notConfigured(`RECEIPT_SIGNING_KEY must be a private key (a JWK with "d")`);
  const key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: current.x, d: current.d }, ED25519, false, ["sign"]);
  const verifier = await crypto.subtle.importKey("raw", fromBase64url(current.x)!, ED25519, false, ["verify"]);
  const probe = new TextEncoder().encode("jplay receipt key check");
  if (!(await crypto.subtle.verify(ED25519, verifier, await crypto.subtle.sign(ED25519, key, probe), probe))) {
    throw notConfigured(`RECEIPT_SIGNING_KEY: "x" is not the public key of "d"`);
  }

  const retiredJson = retired?.trim() ? parseJson(retired, "RECEIPT_RETIRED_KEYS") : [];
  const retiredList: unknown = Array.isArray(retiredJson) ? retiredJson : (retiredJson as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(retiredList)) throw notConfigured("RECEIPT_RETIRED_KEYS must be a JSON array of public JWKs, or a JWKS");
  const keys = [await publicJwk(current.x)];
  for (const entry of retiredList) {
    const { x } = okpKey(entry, "RECEIPT_RETIRED_KEYS");
    if (!keys.some((known) => known.x === x)) keys.push(await publicJwk(x));
  }
  return { signingKey: key, kid: keys[0]!.kid, jwks: { keys } };
}

const loaded = new Map<string, Promise<ReceiptKeys>>();

/** The receipt keys of this environment; 503 (`not_configured`) without RECEIPT_SIGNING_KEY or when a setting is malformed. */
export function receiptKeys(env: Env): Promise<ReceiptKeys> {
  const signingKey = env.RECEIPT_SIGNING_KEY;
  if (!signingKey) return Promise.reject(notConfigured("Receipts are not issued: RECEIPT_SIGNING_KEY is not configured"));
  const cacheKey = `${signingKey}\n${env.RECEIPT_RETIRED_KEYS ?? ""}`;
  let keys = loaded.get(cacheKey);
  if (!keys) {
    keys = loadKeys(signingKey, env.RECEIPT_RETIRED_KEYS);
    // A malformed setting is not remembered: the next call reads it again (a fixed secret takes effect).
    void keys.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, keys);
  }
  return keys;
}
