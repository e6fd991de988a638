/**
 * The links the delivery feed gives the tablet provider to fetch a song's audio and cover:
 * `/api/provider/media/{songId}/{audio|cover}?expires=<unix seconds>&signature=<hex>`, where the
 * signature is HMAC-SHA256 over `${songId}.${kind}.${expires}` with a key of its own, derived from
 * PROVIDER_WEBHOOK_SECRET by HKDF-SHA256 (RFC 5869; info "jplay provider media links v1", no salt):
 * only JPlay signs and checks links, and a link's signature, which the provider hands to any
 * downloader or CDN, then proves nothing about the key that signs the provider's requests. A link
 * needs no headers (the provider's downloader can be a plain HTTP client or a CDN pull), names one
 * file, and stops working when it expires; a leaked link is worth one file for a day at most
 * (docs/decisions/050-provider-delivery-feed.md).
 */
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import { MEDIA_LINK_MIN_SECONDS, MEDIA_LINK_ROUNDING_SECONDS, type MediaKind } from "@jplay/schema/provider-feed";
import { AppError } from "../platform/errors";
import { HMAC_HEX, hmacHex, hmacMatches } from "./provider-signature";

/** HKDF's `info`: names what the derived key is for, so no other use of the secret yields it. */
export const MEDIA_LINK_KEY_INFO = "jplay provider media links v1";
const encoder = new TextEncoder();

/** The media links' HMAC-SHA256 key, derived from the shared secret (never the secret itself). */
async function mediaLinkKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(MEDIA_LINK_KEY_INFO) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    [usage],
  );
}

const linkMessage = (songId: string, kind: MediaKind, expires: number) => `${songId}.${kind}.${expires}`;

export const providerMediaPath = (songId: string, kind: MediaKind) => `/api/provider/media/${encodeURIComponent(songId)}/${kind}`;

/**
 * When links issued at `nowMs` expire (Unix seconds): at least MEDIA_LINK_MIN_SECONDS later, on the
 * hour, so the links of one page are the same for every read in the same hour.
 */
export const mediaLinkExpiry = (nowMs: number) =>
  (Math.floor(nowMs / 1000 / MEDIA_LINK_ROUNDING_SECONDS) + 1) * MEDIA_LINK_ROUNDING_SECONDS + MEDIA_LINK_MIN_SECONDS;

/** Signs links that expire at `expires`, one key import for a whole page of them. */
export async function mediaLinkSigner(secret: string, origin: string, expires: number) {
  const key = await mediaLinkKey(secret, "sign");
  return async (songId: string, kind: MediaKind): Promise<string> => {
    const url = new URL(providerMediaPath(songId, kind), origin);
    url.searchParams.set("expires", String(expires));
    url.searchParams.set("signature", await hmacHex(key, linkMessage(songId, kind, expires)));
    return url.href;
  };
}

const refuse = (code: ApiErrorCode, message: string) => new AppError(403, code, message);

/**
 * Throws a 403 AppError unless the link was signed with `secret` for this song and kind and has not
 * expired; returns the seconds it has left. The signature is checked first, so a guessed link learns nothing.
 */
export async function verifyMediaLink(
  secret: string,
  songId: string,
  kind: MediaKind,
  expires: string | undefined,
  signature: string | undefined,
  nowMs: number,
): Promise<number> {
  const again = "read the release again from the delivery feed for a fresh link";
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !HMAC_HEX.test(signature)) {
    throw refuse("invalid_link", `This media link is incomplete: it needs expires (Unix seconds) and signature (hex HMAC-SHA256); ${again}`);
  }
  if (!(await hmacMatches(await mediaLinkKey(secret, "verify"), signature, linkMessage(songId, kind, Number(expires))))) {
    throw refuse("invalid_link", `This media link was altered: its signature does not match the song, file and expiry; ${again}`);
  }
  const secondsLeft = Number(expires) - Math.floor(nowMs / 1000);
  if (secondsLeft <= 0) throw refuse("link_expired", `This media link expired at ${new Date(Number(expires) * 1000).toISOString()}; ${again}`);
  return secondsLeft;
}

/**
 * A redeemed receipt's links (provider/receipts/redeem-receipts.ts): the same key, expiry and checks,
 * but naming the receipt instead of the song, so they keep working for its buyer after the song
 * leaves the catalogue for its content, and stop with the receipt (revoked, or a rights removal).
 * The message starts with "receipt." so no receipt link's signature is a song link's.
 */
export const receiptMediaPath = (receiptId: string, kind: MediaKind) => `/api/provider/library-media/${encodeURIComponent(receiptId)}/${kind}`;

export async function receiptLinkSigner(secret: string, origin: string, expires: number) {
  const key = await mediaLinkKey(secret, "sign");
  return async (receiptId: string, kind: MediaKind): Promise<string> => {
    const url = new URL(receiptMediaPath(receiptId, kind), origin);
    url.searchParams.set("expires", String(expires));
    url.searchParams.set("signature", await hmacHex(key, `receipt.${linkMessage(receiptId, kind, expires)}`));
    return url.href;
  };
}

/** As verifyMediaLink, for a receipt's link. */
export async function verifyReceiptLink(
  secret: string,
  receiptId: string,
  kind: MediaKind,
  expires: string | undefined,
  signature: string | undefined,
  nowMs: number,
): Promise<number> {
  const again = "redeem the receipt again for a fresh link";
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !HMAC_HEX.test(signature)) {
    throw refuse("invalid_link", `This download link is incomplete: it needs expires (Unix seconds) and signature (hex HMAC-SHA256); ${again}`);
  }
  if (!(await hmacMatches(await mediaLinkKey(secret, "verify"), signature, `receipt.${linkMessage(receiptId, kind, Number(expires))}`))) {
    throw refuse("invalid_link", `This download link was altered: its signature does not match the receipt, file and expiry; ${again}`);
  }
  const secondsLeft = Number(expires) - Math.floor(nowMs / 1000);
  if (secondsLeft <= 0) throw refuse("link_expired", `This download link expired at ${new Date(Number(expires) * 1000).toISOString()}; ${again}`);
  return secondsLeft;
}
