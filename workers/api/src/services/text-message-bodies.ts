/**
 * What JPlay's texts say, in one place: short and plain, each naming JPlay, and each ending with the
 * opt-out line US carriers expect on application-to-person texts (docs/decisions/026-texts-to-artists.md).
 */
import { formatCents } from "@jplay/schema/pricing";

const OPT_OUT = "Reply STOP to opt out.";

/** A reason as a sentence: an operator's short reason ("Violence") gets its full stop. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

const quoted = (title: string) => `"${title.length > 60 ? `${title.slice(0, 59)}…` : title}"`;

export const textBodies = {
  cardSaved: (artistPageUrl: string) => `JPlay: your card is saved. Your private artist page (keep this link to yourself): ${artistPageUrl} ${OPT_OUT}`,
  paymentSucceeded: (songTitle: string, amountCents: number) =>
    amountCents === 0
      ? `JPlay: ${quoted(songTitle)} is included in your Pro plan. We are getting it ready for the tablets. ${OPT_OUT}`
      : `JPlay: we received your ${formatCents(amountCents)} payment for ${quoted(songTitle)}. We are getting it ready for the tablets. ${OPT_OUT}`,
  paymentFailed: (songTitle: string) =>
    `JPlay: your card was not charged for ${quoted(songTitle)}; the payment did not go through. You can try again or use another card on JPlay. ${OPT_OUT}`,
  songDistributed: (songTitle: string) => `JPlay: ${quoted(songTitle)} is now live on the tablets. ${OPT_OUT}`,
  songRejected: (songTitle: string, reason: string) =>
    `JPlay: we could not distribute ${quoted(songTitle)}: ${sentence(reason)} If you paid, the full fee is being refunded to your card. ${OPT_OUT}`,
  songTakenDown: (songTitle: string, reason: string) =>
    `JPlay: ${quoted(songTitle)} was taken down from the tablets. Reason: ${sentence(reason)} Sales already made stay yours. ${OPT_OUT}`,
  songRestored: (songTitle: string) => `JPlay: ${quoted(songTitle)} is back on the tablets. ${OPT_OUT}`,
  payoutSent: (amountCents: number) => `JPlay: we sent you a payout of ${formatCents(amountCents)}. It reaches your debit card on your payout schedule. ${OPT_OUT}`,
};
