/**
 * GET /.well-known/jwks.json: JPlay's receipt verification keys as a JWKS (RFC 7517; Ed25519 keys as
 * OKP, RFC 8037), the current key first, retired ones after it. Public: anyone holding a receipt — a
 * provider, a facility, an advocate — verifies it with these keys, offline once fetched. Cached five
 * minutes, so a rotation reaches verifiers quickly while old receipts keep verifying.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { receiptKeys } from "../receipts/receipt-keys";

export const JWKS_PATH = "/.well-known/jwks.json";

export async function receiptJwks(c: Context<AppEnv>) {
  const { jwks } = await receiptKeys(c.env);
  return c.json(jwks, 200, {
    "Cache-Control": "public, max-age=300",
    "Access-Control-Allow-Origin": "*",
    "Content-Type": "application/jwk-set+json",
    // Outside /api, so the API's security headers do not reach it: no browser may read the keys as anything but JSON.
    "X-Content-Type-Options": "nosniff",
  });
}
