/**
 * Confirming the artist's phone from their private page (`/api/artist/{token}/phone`, shared by the
 * Worker and the SPA): a code texted to the number, typed back on the page. Until the number is
 * confirmed, texts to it say what happened but carry no link to the page (workers/api/src/texts/phone-confirmation.ts).
 */
import * as v from "valibot";

/** Digits in a texted code. */
export const PHONE_CODE_DIGITS = 6;
/** Minutes a texted code works. */
export const PHONE_CODE_MINUTES = 10;

/** The artist's phone as the page shows it: the last digits only, and whether it is confirmed. */
export const ArtistPhoneSchema = v.object({
  /** The number with all but its last 4 digits hidden, e.g. `+1 ••• ••• 4321`. */
  number: v.string(),
  confirmed: v.boolean(),
});
export type ArtistPhone = v.InferOutput<typeof ArtistPhoneSchema>;

/** `GET /api/artist/{token}/phone` and the answer of `POST …/phone/confirm`; null: no phone given. */
export const ArtistPhoneResponseSchema = v.object({ phone: v.nullable(ArtistPhoneSchema) });
export type ArtistPhoneResponse = v.InferOutput<typeof ArtistPhoneResponseSchema>;

/** `POST /api/artist/{token}/phone/code`: where the code went, and until when it works (ISO 8601). */
export const PhoneCodeSentResponseSchema = v.object({ sentTo: v.string(), expiresAt: v.string() });
export type PhoneCodeSentResponse = v.InferOutput<typeof PhoneCodeSentResponseSchema>;

/** `POST /api/artist/{token}/phone/confirm`: the code as typed (spaces and a dash allowed). */
export const ConfirmPhoneSchema = v.object({
  code: v.pipe(
    v.string(/*i18n*/ "Enter the 6-digit code we texted you."),
    v.transform((typed) => typed.replace(/[\s-]/g, "")),
    v.regex(/^\d{6}$/, /*i18n*/ "Enter the 6-digit code we texted you."),
  ),
});
export type ConfirmPhoneRequest = v.InferOutput<typeof ConfirmPhoneSchema>;
