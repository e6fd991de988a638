/**
 * The signed listener token a provider opens the tablet app with (`/?listener=<token>`), so the app
 * can show that listener's Library while staying anonymous otherwise: `<providerId>.<listenerId>.
 * <expires>.<signature>`, the signature the hex HMAC-SHA256 of `listener-token.<providerId>.<listenerId>.
 * <expires>` with that enrolled provider's own secret (enrolled-providers.ts). JPlay only checks it;
 * the browser keeps nothing else about the listener. A token lives as long as the provider says
 * (`expires`, Unix seconds), at most LISTENER_TOKEN_MAX_SECONDS ahead.
 */
import { listenerIdProblem } from "@jplay/schema/purchases";
import { LISTENER_TOKEN_HEADER } from "@jplay/schema/receipts";
import { AppError } from "../platform/errors";
import { enrolledProviderSecret } from "./enrolled-providers";
import { HMAC_HEX, hmacHex, hmacMatches, providerHmacKey } from "./provider-signature";

export const LISTENER_TOKEN_MAX_SECONDS = 30 * 24 * 60 * 60;

const refuse = (message: string) => new AppError(401, "invalid_signature", message);
const tokenMessage = (providerId: string, listenerId: string, expires: number) => `listener-token.${providerId}.${listenerId}.${expires}`;

/** The token a provider gives its tablet (tests and providers' reference). */
export async function signListenerToken(secret: string, providerId: string, listenerId: string, expires: number): Promise<string> {
  return `${providerId}.${listenerId}.${expires}.${await hmacHex(await providerHmacKey(secret, "sign"), tokenMessage(providerId, listenerId, expires))}`;
}

/** The listener a token names, once its signature and expiry hold; 401 otherwise. */
export async function verifyListenerToken(env: Env, token: string | undefined, nowMs: number): Promise<{ providerId: string; listenerId: string }> {
  const parts = token?.split(".") ?? [];
  if (parts.length !== 4) throw refuse(`The Library needs the listener token the provider opened JPlay with (${LISTENER_TOKEN_HEADER})`);
  const [providerId, listenerId, expiresText, signature] = parts as [string, string, string, string];
  if (!/^\d{1,12}$/.test(expiresText) || !HMAC_HEX.test(signature) || listenerIdProblem(listenerId) !== null) throw refuse("This listener token is malformed");
  const secret = enrolledProviderSecret(env, providerId, "The Library is not available");
  if (!(await hmacMatches(await providerHmacKey(secret, "verify"), signature, tokenMessage(providerId, listenerId, Number(expiresText))))) {
    throw refuse("This listener token's signature does not match");
  }
  const secondsLeft = Number(expiresText) - Math.floor(nowMs / 1000);
  if (secondsLeft <= 0) throw refuse("This listener token has expired: the provider opens JPlay with a fresh one");
  if (secondsLeft > LISTENER_TOKEN_MAX_SECONDS) throw refuse("This listener token lives longer than 30 days: the provider signs shorter ones");
  return { providerId, listenerId };
}
