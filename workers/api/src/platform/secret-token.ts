/**
 * Bearer secrets the product hands out (artist page links, session cookies): 32 random bytes in
 * unpadded base64url, of which only the SHA-256 (hex) is stored, so reading the database does not
 * give anyone a working link or session.
 */
const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const newSecretToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));

export async function hashSecretToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
