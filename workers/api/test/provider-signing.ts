/** How the tests sign provider calls, as a provider does: signature v2 (provider/provider-signature.ts, docs/catalogue-and-provider-api.md, "Sales"). */
import { signProviderRequest } from "../src/provider/provider-signature";

/** The v2 signature of a POST of `body` to `pathAndQuery` from `providerId`. */
export const signPost = (secret: string, timestamp: string, pathAndQuery: string, body: string, providerId = "primary") =>
  signProviderRequest(secret, timestamp, { method: "POST", pathAndQuery, providerId, body });

/** The v2 signature of a GET of `pathAndQuery` (an empty body) from `providerId`. */
export const signGet = (secret: string, timestamp: string, pathAndQuery: string, providerId = "primary") =>
  signProviderRequest(secret, timestamp, { method: "GET", pathAndQuery, providerId, body: "" });

const signedCalls = new Set<string>();
/**
 * The timestamp a provider signs a call with: now, or, for the same call sent again within the same
 * second (a resend), a second earlier, so each sending is signed anew (a signed POST is accepted once).
 */
export function resendTimestamp(call: string): number {
  let timestamp = Math.floor(Date.now() / 1000);
  while (signedCalls.has(`${timestamp} ${call}`)) timestamp -= 1;
  signedCalls.add(`${timestamp} ${call}`);
  return timestamp;
}
