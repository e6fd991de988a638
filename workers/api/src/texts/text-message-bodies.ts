/**
 * What JPlay's texts say, in one place and in each language an artist may have chosen (their stored
 * `language`): short and plain, each naming JPlay, and each ending with the opt-out line US carriers
 * expect on application-to-person texts (docs/decisions/026-texts-to-artists.md). STOP stays STOP in
 * Spanish: it is the keyword carriers and the SMS provider act on.
 */
import { formatMoney, type Language } from "@jplay/schema/language";

export interface TextBodies {
  cardSaved(artistPageUrl: string): string;
  paymentSucceeded(songTitle: string, amountCents: number): string;
  paymentFailed(songTitle: string): string;
  songDistributed(songTitle: string): string;
  songRejected(songTitle: string, reason: string): string;
  songTakenDown(songTitle: string, reason: string): string;
  songRestored(songTitle: string): string;
  payoutSent(amountCents: number): string;
}

/** A reason as a sentence: an operator's short reason ("Violence") gets its full stop. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

const quoted = (title: string) => `"${title.length > 60 ? `${title.slice(0, 59)}…` : title}"`;

const english = (optOut = "Reply STOP to opt out."): TextBodies => ({
  cardSaved: (artistPageUrl) => `JPlay: your card is saved. Your private artist page (keep this link to yourself): ${artistPageUrl} ${optOut}`,
  paymentSucceeded: (songTitle, amountCents) =>
    amountCents === 0
      ? `JPlay: ${quoted(songTitle)} is included in your Pro plan. We are getting it ready for the tablets. ${optOut}`
      : `JPlay: we received your ${formatMoney(amountCents, "en")} payment for ${quoted(songTitle)}. We are getting it ready for the tablets. ${optOut}`,
  paymentFailed: (songTitle) =>
    `JPlay: your card was not charged for ${quoted(songTitle)}; the payment did not go through. You can try again or use another card on JPlay. ${optOut}`,
  songDistributed: (songTitle) => `JPlay: ${quoted(songTitle)} is now live on the tablets. ${optOut}`,
  songRejected: (songTitle, reason) =>
    `JPlay: we could not distribute ${quoted(songTitle)}: ${sentence(reason)} If you paid, the full fee is being refunded to your card. ${optOut}`,
  songTakenDown: (songTitle, reason) =>
    `JPlay: ${quoted(songTitle)} was taken down from the tablets. Reason: ${sentence(reason)} Sales already made stay yours. ${optOut}`,
  songRestored: (songTitle) => `JPlay: ${quoted(songTitle)} is back on the tablets. ${optOut}`,
  payoutSent: (amountCents) => `JPlay: we sent you a payout of ${formatMoney(amountCents, "en")}. It reaches your debit card on your payout schedule. ${optOut}`,
});

/** The operator's reasons (an audio check's, a takedown's) are written in English and quoted as they are. */
const spanish = (optOut = "Responde STOP para no recibir más mensajes."): TextBodies => ({
  cardSaved: (artistPageUrl) => `JPlay: tu tarjeta quedó guardada. Tu página privada de artista (no compartas este enlace): ${artistPageUrl} ${optOut}`,
  paymentSucceeded: (songTitle, amountCents) =>
    amountCents === 0
      ? `JPlay: ${quoted(songTitle)} está incluida en tu plan Pro. La estamos preparando para las tabletas. ${optOut}`
      : `JPlay: recibimos tu pago de ${formatMoney(amountCents, "es")} por ${quoted(songTitle)}. La estamos preparando para las tabletas. ${optOut}`,
  paymentFailed: (songTitle) =>
    `JPlay: no se cobró a tu tarjeta por ${quoted(songTitle)}; el pago no se completó. Puedes intentarlo de nuevo o usar otra tarjeta en JPlay. ${optOut}`,
  songDistributed: (songTitle) => `JPlay: ${quoted(songTitle)} ya está disponible en las tabletas. ${optOut}`,
  songRejected: (songTitle, reason) =>
    `JPlay: no pudimos distribuir ${quoted(songTitle)}: ${sentence(reason)} Si pagaste, te estamos reembolsando la tarifa completa a tu tarjeta. ${optOut}`,
  songTakenDown: (songTitle, reason) =>
    `JPlay: ${quoted(songTitle)} se retiró de las tabletas. Motivo: ${sentence(reason)} Las ventas ya hechas siguen siendo tuyas. ${optOut}`,
  songRestored: (songTitle) => `JPlay: ${quoted(songTitle)} volvió a las tabletas. ${optOut}`,
  payoutSent: (amountCents) => `JPlay: te enviamos un pago de ${formatMoney(amountCents, "es")}. Llega a tu tarjeta de débito según tu calendario de pagos. ${optOut}`,
});

const BODIES: Record<Language, TextBodies> = { en: english(), es: spanish() };

/** The texts written in `language`. */
export const textBodiesIn = (language: Language): TextBodies => BODIES[language];
