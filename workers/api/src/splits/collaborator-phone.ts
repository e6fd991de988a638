/**
 * Confirming a collaborator's phone before their page shows a share (docs/splits.md, Confirming the
 * phone). The invitation's link went to a number an artist typed, which nobody proved; the page
 * shows shares, accepts and onboards for payouts only once a code texted to that number is typed
 * back, as the artist confirms theirs (texts/phone-confirmation.ts: the same code, hash, expiry and
 * tries, through the texts module's index). The confirmation is the phone's, kept on its payee row
 * (`collaborator_payees`, one per phone), so a person named by several artists confirms once.
 */
import { sql } from "drizzle-orm";
import type { ArtistPhone, PhoneCodeSentResponse } from "@jplay/schema/phone-confirmation";
import type { Language } from "@jplay/schema/language";
import type { Ctx } from "../platform/context";
import { AppError } from "../platform/errors";
import { PHONE_MESSAGES, checkPhoneCode, maskedNumber, newPhoneCode, phoneCodeExpiry, phoneCodeHash, textPhoneCode, textsReach } from "../texts/index";

/** What the page refuses before the phone is confirmed. */
export const PHONE_NOT_CONFIRMED = /*i18n*/ "Confirm your phone with the code we text you first.";

interface PayeeCode {
  confirmedAt: number | null;
  codeHash: string | null;
  codeExpiresAt: number | null;
  codeAttempts: number;
}

async function payeeCode(ctx: Ctx, phone: string): Promise<PayeeCode | undefined> {
  const [row] = await ctx.db.all<PayeeCode>(
    sql`select confirmed_at as confirmedAt, code_hash as codeHash, code_expires_at as codeExpiresAt, code_attempts as codeAttempts
      from collaborator_payees where phone = ${phone} limit 1`,
  );
  return row;
}

/** The phone as the page shows it: the last digits, and whether a code confirmed it. */
export async function collaboratorPhone(ctx: Ctx, phone: string): Promise<ArtistPhone> {
  return { number: maskedNumber(phone), confirmed: (await payeeCode(ctx, phone))?.confirmedAt != null };
}

/** The refusal (409) of what needs the phone confirmed while it is not. */
export const phoneNotConfirmed = () => new AppError(409, "phone_not_confirmed", PHONE_NOT_CONFIRMED);

/** Refuses what needs the phone confirmed while it is not. */
export async function requireConfirmedPhone(ctx: Ctx, phone: string): Promise<void> {
  if (!(await collaboratorPhone(ctx, phone)).confirmed) throw phoneNotConfirmed();
}

/**
 * Texts a new code to the phone (replacing any earlier one), in the language its invitation used: the
 * artist's who holds the phone, else the naming artist's. The outbox row is kept under a naming artist.
 */
export async function sendCollaboratorCode(ctx: Ctx, phone: string): Promise<PhoneCodeSentResponse> {
  const [naming] = await ctx.db.all<{ artistId: string; language: Language }>(
    sql`select c.artist_id as artistId, coalesce((select a2.language from artists a2 where a2.phone = c.phone limit 1), a.language, 'en') as language
      from collaborators c left join artists a on a.id = c.artist_id where c.phone = ${phone} order by c.created_at, c.id limit 1`,
  );
  if (!naming) throw new AppError(409, "no_phone", PHONE_MESSAGES.noPhone);
  if (!textsReach(ctx.env, phone)) throw new AppError(409, "no_phone", PHONE_MESSAGES.notTextable);
  const code = newPhoneCode();
  const expiresAt = phoneCodeExpiry(ctx);
  const hash = await phoneCodeHash(phone, code);
  await ctx.db.run(
    sql`insert into collaborator_payees (id, phone, code_hash, code_expires_at, code_attempts) values (${crypto.randomUUID()}, ${phone}, ${hash}, ${expiresAt}, 0)
      on conflict (phone) do update set code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at, code_attempts = 0`,
  );
  await textPhoneCode(ctx, { artistId: naming.artistId, to: { phone, language: naming.language } }, code, hash);
  return { sentTo: maskedNumber(phone), expiresAt: new Date(expiresAt).toISOString() };
}

/** Checks a typed code (texts/phone-confirmation.ts's rules): right and in time, the phone is confirmed and the code spent. */
export async function confirmCollaboratorCode(ctx: Ctx, phone: string, code: string): Promise<ArtistPhone> {
  const stored = await payeeCode(ctx, phone);
  const sent =
    stored?.codeHash && stored.codeExpiresAt !== null ? { codeHash: stored.codeHash, expiresAt: stored.codeExpiresAt, attempts: stored.codeAttempts } : null;
  const countWrongTry = sql`update collaborator_payees set code_attempts = code_attempts + 1 where phone = ${phone} and code_hash = ${sent?.codeHash ?? ""}`;
  const right = await checkPhoneCode(ctx, sent, phone, code, countWrongTry);
  // Spent in the statement that confirms, and only if it is still the code checked: a replay finds none.
  const [confirmed] = await ctx.db.all<{ phone: string }>(
    sql`update collaborator_payees set confirmed_at = coalesce(confirmed_at, ${ctx.now()}), code_hash = null, code_expires_at = null, code_attempts = 0
      where phone = ${phone} and code_hash = ${right.codeHash} returning phone`,
  );
  if (!confirmed) throw new AppError(409, "phone_code_expired", PHONE_MESSAGES.noCode);
  return { number: maskedNumber(phone), confirmed: true };
}
