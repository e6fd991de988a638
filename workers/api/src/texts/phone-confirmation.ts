/**
 * Proving the artist holds the phone their texts go to, before a text carries a link to their private
 * page (docs/decisions/026-texts-to-artists.md). A number typed on /distribute may be mistyped or
 * recycled, and a link texted there hands the page (payouts, card) to a stranger. So until the
 * artist confirms the number, texts say what happened and carry no link; on the page, "Text me a
 * code" texts a 6-digit code (through the same outbox as every text: logged in development, Twilio in
 * production) and typing it back confirms that number. A code works for 10 minutes and for 5 wrong
 * tries; a new one replaces it; it is stored only as a hash, and hidden in the outbox once sent. The
 * confirmation holds for the number confirmed: a card saved later with another number needs another.
 */
import { type SQL, eq, sql } from "drizzle-orm";
import type { ArtistPhone, PhoneCodeSentResponse } from "@jplay/schema/phone-confirmation";
import { PHONE_CODE_DIGITS, PHONE_CODE_MINUTES } from "@jplay/schema/phone-confirmation";
import type { Language } from "@jplay/schema/language";
import { artists, phoneCodes } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";
import { HOUR_MS } from "../platform/limits";
import { hashSecretToken } from "../platform/secret-token";
import { toE164 } from "./phone-number";
import { textsReach } from "./sms-countries";
import { queueText } from "./text-messages";

/** Wrong codes a texted code survives. */
export const MAX_CODE_ATTEMPTS = 5;
const CODE_TTL_MS = PHONE_CODE_MINUTES * 60 * 1000;

export const PHONE_MESSAGES = {
  noPhone: /*i18n*/ "There is no phone number to confirm. Save a card with your mobile number first.",
  notTextable: /*i18n*/ "Texts cannot reach this phone number. Save a card with a mobile number JPlay texts.",
  noCode: /*i18n*/ "That code has expired or was not sent. Ask for a new code.",
  wrongCode: /*i18n*/ "That code is not right. Check the text and try again.",
  spentCode: /*i18n*/ "Too many wrong codes. Ask for a new code.",
} as const;

/** The limit on codes asked for by one page (`who`: `artist:{id}`, `collaborator:{phone}`): each is a text JPlay pays for. */
export const phoneCodeAsks = (who: string) => ({
  key: `phone-code:${who}`,
  limit: 3,
  windowMs: HOUR_MS,
  message: /*i18n*/ "Too many codes asked for. Please wait an hour and try again.",
});

/** The limit on codes typed on one page, beside each code's own tries. */
export const phoneCodeTries = (who: string) => ({
  key: `phone-confirm:${who}`,
  limit: 20,
  windowMs: HOUR_MS,
  message: /*i18n*/ "Too many codes tried. Please wait an hour and try again.",
});

/** `+15550104321` → `+1 ••• ••• 4321`; other countries keep their first and last digits only. */
export function maskedNumber(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return `+1 ••• ••• ${e164.slice(-4)}`;
  return `${e164.slice(0, 3)} ••• ${e164.slice(-4)}`;
}

/** The stored hash of a code texted to `owner` (an artist's or a collaborator payee's id). */
export const phoneCodeHash = (owner: string, code: string) => hashSecretToken(`phone-code:${owner}:${code}`);
const codeHash = phoneCodeHash;

/** When a code texted now stops working. */
export const phoneCodeExpiry = (ctx: Ctx) => ctx.now() + CODE_TTL_MS;

/** A code texted and stored, as the checks below read it back. */
export interface SentPhoneCode {
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

/**
 * Refuses a typed code that is not the one texted (expired, spent, wrong), with why; a wrong one
 * uses up a try (`countWrongTry`, one statement counting in itself, so racing tries all count).
 * Returns only for the right code in time: the caller confirms the number and spends the code.
 */
export async function checkPhoneCode<Sent extends SentPhoneCode>(
  ctx: Ctx,
  sent: Sent | null | undefined,
  owner: string,
  code: string,
  countWrongTry: SQL,
): Promise<Sent> {
  if (!sent || sent.expiresAt <= ctx.now()) throw new AppError(409, "phone_code_expired", PHONE_MESSAGES.noCode);
  if (sent.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(409, "phone_code_expired", PHONE_MESSAGES.spentCode);
  if ((await codeHash(owner, code)) !== sent.codeHash) {
    await ctx.db.run(countWrongTry);
    throw new AppError(400, "phone_code_invalid", sent.attempts + 1 >= MAX_CODE_ATTEMPTS ? PHONE_MESSAGES.spentCode : PHONE_MESSAGES.wrongCode);
  }
  return sent;
}

/** A uniformly drawn code of PHONE_CODE_DIGITS digits (rejection sampling: no modulo bias). */
export function newPhoneCode(): string {
  const limit = 10 ** PHONE_CODE_DIGITS;
  const ceiling = Math.floor(2 ** 32 / limit) * limit;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < ceiling) return String(value! % limit).padStart(PHONE_CODE_DIGITS, "0");
  }
}

async function artistPhones(ctx: Ctx, artistId: string) {
  const [artist] = await ctx.db.select({ phone: artists.phone, confirmedPhone: artists.confirmedPhone }).from(artists).where(eq(artists.id, artistId)).limit(1);
  return { phone: toE164(artist?.phone), confirmedPhone: artist?.confirmedPhone ?? null };
}

/** The artist's phone as the page shows it, or null when they gave none JPlay can text. */
export async function artistPhone(ctx: Ctx, artistId: string): Promise<ArtistPhone | null> {
  const { phone, confirmedPhone } = await artistPhones(ctx, artistId);
  return phone ? { number: maskedNumber(phone), confirmed: phone === confirmedPhone } : null;
}

/** Whether texts to the artist may carry a link to their page: their number now is the one they confirmed. */
export async function phoneConfirmed(ctx: Ctx, artistId: string): Promise<boolean> {
  const { phone, confirmedPhone } = await artistPhones(ctx, artistId);
  return phone !== null && phone === confirmedPhone;
}

/** Texts a new code to the artist's number (replacing any earlier one). */
export async function sendPhoneCode(ctx: Ctx, artistId: string): Promise<PhoneCodeSentResponse> {
  const { phone } = await artistPhones(ctx, artistId);
  if (!phone) throw new AppError(409, "no_phone", PHONE_MESSAGES.noPhone);
  if (!textsReach(ctx.env, phone)) throw new AppError(409, "no_phone", PHONE_MESSAGES.notTextable);
  const code = newPhoneCode();
  const expiresAt = phoneCodeExpiry(ctx);
  const hash = await codeHash(artistId, code);
  await ctx.db
    .insert(phoneCodes)
    .values({ artistId, phone, codeHash: hash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({ target: phoneCodes.artistId, set: { phone, codeHash: hash, expiresAt, attempts: 0, createdAt: ctx.now() } });
  await textPhoneCode(ctx, { artistId }, code, hash);
  return { sentTo: maskedNumber(phone), expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Texts a code (stored as `hash`) through the outbox: to the artist's number, or `to` another phone
 * (a collaborator's, docs/splits.md) in its language, the row kept under `artistId`.
 */
export async function textPhoneCode(
  ctx: Ctx,
  recipient: { artistId: string; to?: { phone: string; language: Language } },
  code: string,
  hash: string,
): Promise<void> {
  await queueText(ctx, {
    ...recipient,
    kind: "phone_code",
    dedupeKey: `phone_code:${hash}`,
    write: (texts) => (recipient.to ? texts.collaboratorPhoneCode(code) : texts.phoneCode(code)),
  });
}

/**
 * Checks a typed code: right and in time, the number it was texted to is confirmed (and the code
 * spent); wrong, one of its tries is used up. Every way it fails answers why.
 */
export async function confirmPhoneCode(ctx: Ctx, artistId: string, code: string): Promise<ArtistPhone> {
  const [stored] = await ctx.db.select().from(phoneCodes).where(eq(phoneCodes.artistId, artistId)).limit(1);
  const countWrongTry = sql`update phone_codes set attempts = attempts + 1 where artist_id = ${artistId} and code_hash = ${stored?.codeHash ?? ""}`;
  const sent = await checkPhoneCode(ctx, stored, artistId, code, countWrongTry);
  await ctx.db.batch([
    ctx.db.update(artists).set({ confirmedPhone: sent.phone }).where(eq(artists.id, artistId)),
    ctx.db.delete(phoneCodes).where(eq(phoneCodes.artistId, artistId)),
  ]);
  const phone = await artistPhone(ctx, artistId);
  if (!phone) throw new AppError(409, "no_phone", PHONE_MESSAGES.noPhone);
  return phone;
}
