/**
 * What JPlay's texts say, in one place, written in the language the artist chose (their stored
 * `language`) through the Worker's catalogues like every other message (platform/translate.ts): short
 * and plain, each naming JPlay, and each ending with the opt-out line US carriers expect on
 * application-to-person texts (docs/decisions/026-texts-to-artists.md). STOP stays STOP in Spanish: it
 * is the keyword carriers and the SMS provider act on. The operator's reasons (an audio check's, a
 * takedown's) are written in English and quoted as they are.
 */
import { formatMoney, type Language } from "@jplay/schema/language";
import type { MessageValues } from "@jplay/schema/format-message";
import { translate } from "../platform/translate";

export interface TextBodies {
  cardSaved(artistPageUrl: string): string;
  /** A card saved while the phone is not confirmed: no link (phone-confirmation.ts). */
  cardSavedWithoutLink(): string;
  paymentSucceeded(songTitle: string, amountCents: number): string;
  paymentFailed(songTitle: string): string;
  songDistributed(songTitle: string): string;
  songRejected(songTitle: string, reason: string): string;
  songTakenDown(songTitle: string, reason: string): string;
  songRestored(songTitle: string): string;
  /** A live song held at a facility whose term lists now flag it (docs/decisions/067), naming those lists. */
  songHeld(songTitle: string, facilityName: string, listNames: readonly string[]): string;
  /** The artist uploaded again a recording of theirs already on JPlay (docs/audio-checks.md, "Fingerprints"). */
  songAlreadyInCatalogue(songTitle: string, originalTitle: string): string;
  /** A collaborator's held split shares come back to the artist on `returnsOn` (YYYY-MM-DD) unless they accept first (docs/splits.md). */
  splitShareReturning(songTitle: string, collaboratorName: string, amountCents: number, returnsOn: string): string;
  /** To a collaborator named on a song's split who has not accepted: their own page's link (docs/splits.md, Accepting). */
  splitInvitation(artistName: string, songTitle: string, collaboratorPageUrl: string): string;
  /** A payout's Transfer was made: the money is in the artist's Stripe account, not on the card yet. */
  payoutSent(amountCents: number): string;
  /** Stripe took (part of) a payout back: it is in the artist's JPlay balance again. */
  payoutReversed(amountCents: number): string;
  /** The bank did not take a payout to the debit card (`reason`: Stripe's failure message); the money waits at Stripe. */
  payoutFailed(amountCents: number, reason: string): string;
  renewalNeedsConfirmation(amountCents: number, artistPageUrl: string): string;
  renewalNeedsConfirmationWithoutLink(amountCents: number): string;
  /** The code that confirms the phone, written `123-456` (the outbox hides it once sent). */
  phoneCode(code: string): string;
  /** The same code, to a collaborator confirming their phone on their shares' page (docs/splits.md). */
  collaboratorPhoneCode(code: string): string;
}

const TEXT = {
  optOut: /*i18n*/ "Reply STOP to opt out.",
  cardSaved: /*i18n*/ "JPlay: your card is saved. Your private artist page (keep this link to yourself): {artistPageUrl} {optOut}",
  cardSavedWithoutLink:
    /*i18n*/ "JPlay: your card is saved. Open your private artist page from the screen where you saved it, and confirm this phone there to get its link by text. {optOut}",
  includedInPro: /*i18n*/ "JPlay: {song} is included in your Pro plan. We are getting it ready for the tablets. {optOut}",
  paymentReceived: /*i18n*/ "JPlay: we received your {amount} payment for {song}. We are getting it ready for the tablets. {optOut}",
  paymentFailed:
    /*i18n*/ "JPlay: your card was not charged for {song}; the payment did not go through. You can try again or use another card on JPlay. {optOut}",
  songDistributed: /*i18n*/ "JPlay: {song} is now live on the tablets. {optOut}",
  songRejected: /*i18n*/ "JPlay: we could not distribute {song}: {reason} If you paid, the full fee is being refunded to your card. {optOut}",
  songTakenDown: /*i18n*/ "JPlay: {song} was taken down from the tablets. Reason: {reason} Sales already made stay yours. {optOut}",
  songRestored: /*i18n*/ "JPlay: {song} is back on the tablets. {optOut}",
  songHeld:
    /*i18n*/ "JPlay: {song} is on hold at {facility}: words in it match that facility's term lists ({lists}). It stays on other facilities' tablets while we review it. {optOut}",
  songAlreadyInCatalogue:
    /*i18n*/ "JPlay: {song} is the same recording as your song {original}, already on JPlay. We review it like any upload; if you sent it twice by mistake, tell us before it goes live. {optOut}",
  splitShareReturning:
    /*i18n*/ "JPlay: {name} has not accepted their share of {song}. Unless they do, the {amount} held for them comes back to your balance on {date}. {optOut}",
  splitInvitation:
    /*i18n*/ "JPlay: {artist} named you on {song} and shares its earnings with you. See your share and accept it on your own page (keep this link to yourself): {url} {optOut}",
  payoutSent:
    /*i18n*/ "JPlay: we sent {amount} to your payout account at Stripe. Stripe sends it on to your debit card on your payout schedule; if your card does not take it, we text you. {optOut}",
  payoutReversed:
    /*i18n*/ "JPlay: {amount} of a payout we sent you was taken back, so it did not stay in your payout account. It is in your JPlay balance again and goes out with a later payout. {optOut}",
  payoutFailed:
    /*i18n*/ "JPlay: your debit card did not take your payout of {amount} ({reason}). The money is not lost: it waits in your payout account. Update your debit card from your artist page and it is sent again. {optOut}",
  renewalNeedsConfirmation:
    /*i18n*/ "JPlay: your bank asks you to confirm your Pro renewal of {amount}. Pro is off until you do. Confirm it on your private artist page: {artistPageUrl} {optOut}",
  renewalNeedsConfirmationWithoutLink:
    /*i18n*/ "JPlay: your bank asks you to confirm your Pro renewal of {amount}. Pro is off until you do. Confirm it on your private artist page. {optOut}",
  phoneCode: /*i18n*/ "JPlay: {code} is your code to confirm this phone on your artist page. It works for 10 minutes. Do not share it. {optOut}",
  collaboratorPhoneCode:
    /*i18n*/ "JPlay: {code} is your code to confirm this phone on the page of your song shares. It works for 10 minutes. Do not share it. {optOut}",
} as const;

/** "123456" → "123-456": easier to read back, and the outbox hides it by this shape (text-messages.ts). */
const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** A reason as a sentence: an operator's short reason ("Violence") gets its full stop. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

const quoted = (title: string) => `"${title.length > 60 ? `${title.slice(0, 59)}…` : title}"`;

/** The texts written in `language`. */
export function textBodiesIn(language: Language): TextBodies {
  const optOut = translate(language, TEXT.optOut);
  const write = (message: string, values: MessageValues) => translate(language, message, { ...values, optOut });
  const money = (cents: number) => formatMoney(cents, language);
  return {
    cardSaved: (artistPageUrl) => write(TEXT.cardSaved, { artistPageUrl }),
    cardSavedWithoutLink: () => write(TEXT.cardSavedWithoutLink, {}),
    paymentSucceeded: (songTitle, amountCents) =>
      amountCents === 0
        ? write(TEXT.includedInPro, { song: quoted(songTitle) })
        : write(TEXT.paymentReceived, { amount: money(amountCents), song: quoted(songTitle) }),
    paymentFailed: (songTitle) => write(TEXT.paymentFailed, { song: quoted(songTitle) }),
    songDistributed: (songTitle) => write(TEXT.songDistributed, { song: quoted(songTitle) }),
    songRejected: (songTitle, reason) => write(TEXT.songRejected, { song: quoted(songTitle), reason: sentence(reason) }),
    songTakenDown: (songTitle, reason) => write(TEXT.songTakenDown, { song: quoted(songTitle), reason: sentence(reason) }),
    songRestored: (songTitle) => write(TEXT.songRestored, { song: quoted(songTitle) }),
    songHeld: (songTitle, facilityName, listNames) =>
      write(TEXT.songHeld, { song: quoted(songTitle), facility: facilityName, lists: listNames.map((name) => `"${name}"`).join(", ") }),
    songAlreadyInCatalogue: (songTitle, originalTitle) => write(TEXT.songAlreadyInCatalogue, { song: quoted(songTitle), original: quoted(originalTitle) }),
    splitShareReturning: (songTitle, collaboratorName, amountCents, returnsOn) =>
      write(TEXT.splitShareReturning, { name: collaboratorName, song: quoted(songTitle), amount: money(amountCents), date: returnsOn }),
    splitInvitation: (artistName, songTitle, collaboratorPageUrl) =>
      write(TEXT.splitInvitation, { artist: artistName, song: quoted(songTitle), url: collaboratorPageUrl }),
    payoutSent: (amountCents) => write(TEXT.payoutSent, { amount: money(amountCents) }),
    payoutReversed: (amountCents) => write(TEXT.payoutReversed, { amount: money(amountCents) }),
    payoutFailed: (amountCents, reason) => write(TEXT.payoutFailed, { amount: money(amountCents), reason: reason.replace(/[.!?…]$/, "") }),
    renewalNeedsConfirmation: (amountCents, artistPageUrl) => write(TEXT.renewalNeedsConfirmation, { amount: money(amountCents), artistPageUrl }),
    renewalNeedsConfirmationWithoutLink: (amountCents) => write(TEXT.renewalNeedsConfirmationWithoutLink, { amount: money(amountCents) }),
    phoneCode: (code) => write(TEXT.phoneCode, { code: dashed(code) }),
    collaboratorPhoneCode: (code) => write(TEXT.collaboratorPhoneCode, { code: dashed(code) }),
  };
}
