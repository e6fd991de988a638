/**
 * Authenticates Twilio's webhooks (X-Twilio-Signature): the base64 HMAC-SHA1, keyed with
 * TWILIO_AUTH_TOKEN, of the full URL Twilio called followed by every POST parameter, sorted by name,
 * as name then value with no separators. WebCrypto's verify compares in constant time.
 */
export const TWILIO_SIGNATURE_HEADER = "X-Twilio-Signature";

const encoder = new TextEncoder();

const hmacKey = (authToken: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, [usage]);

function signedText(url: string, params: URLSearchParams): string {
  const pairs = [...params].sort(([a, aValue], [b, bValue]) => (a < b ? -1 : a > b ? 1 : aValue < bValue ? -1 : aValue > bValue ? 1 : 0));
  return url + pairs.map(([name, value]) => name + value).join("");
}

/** What Twilio sends in X-Twilio-Signature for this URL and form (also what the tests sign with). */
export async function signTwilioRequest(authToken: string, url: string, params: URLSearchParams): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(authToken, "sign"), encoder.encode(signedText(url, params)));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/** True when `signature` is Twilio's for one of `urls` (the URL as called, and as configured) and the form. */
export async function verifyTwilioSignature(authToken: string, urls: string[], params: URLSearchParams, signature: string | undefined): Promise<boolean> {
  if (!signature || !/^[A-Za-z0-9+/]{27}=$/.test(signature)) return false;
  const signatureBytes = Uint8Array.from(atob(signature), (char) => char.charCodeAt(0));
  const key = await hmacKey(authToken, "verify");
  for (const url of urls) {
    if (await crypto.subtle.verify("HMAC", key, signatureBytes, encoder.encode(signedText(url, params)))) return true;
  }
  return false;
}
