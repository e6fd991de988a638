/**
 * The texts events send, one function per hook, so each place an event happens adds one call: it
 * reads what the wording needs and queues the text under the event's own id (texts/text-messages.ts).
 * Payments that pay for no song (an initial charge) send nothing: the artist saw that on the screen.
 * A text never blocks or undoes the event it tells of: a failure to queue one is logged, not thrown.
 */
import { type SQL, eq } from "drizzle-orm";
import { payments, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { phoneConfirmed } from "./phone-confirmation";
import type { Language } from "@jplay/schema/language";
import { type OutboxText, type QueuedText, queueText, textWritten } from "./text-messages";
import { loggableError } from "../platform/loggable-error";

async function tell(ctx: Ctx, text: QueuedText): Promise<void> {
  try {
    await queueText(ctx, text);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "text not queued", dedupeKey: text.dedupeKey, ...loggableError(error) }));
  }
}

/**
 * A card saved on /distribute: the private page link, so a cleared browser does not lose it — once
 * the artist has confirmed this phone; before, the text says only that the card is saved.
 */
export async function textCardSaved(ctx: Ctx, saved: { artistId: string; paymentMethodId: string; artistPageUrl: string }): Promise<void> {
  const withLink = await phoneConfirmed(ctx, saved.artistId);
  await tell(ctx, {
    artistId: saved.artistId,
    kind: "card_saved",
    dedupeKey: `card_saved:${saved.paymentMethodId}`,
    write: (texts) => (withLink ? texts.cardSaved(saved.artistPageUrl) : texts.cardSavedWithoutLink()),
  });
}

/** A song's payment succeeded or was declined (once per payment row). */
export async function textPaymentOutcome(ctx: Ctx, paymentId: string, outcome: "succeeded" | "failed"): Promise<void> {
  const [payment] = await ctx.db
    .select({ artistId: payments.artistId, amountCents: payments.amountCents, title: songs.title })
    .from(payments)
    .innerJoin(songs, eq(songs.id, payments.songId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!payment) return;
  await tell(ctx, {
    artistId: payment.artistId,
    kind: outcome === "succeeded" ? "payment_succeeded" : "payment_failed",
    dedupeKey: `payment_${outcome}:${paymentId}`,
    write: (texts) => (outcome === "succeeded" ? texts.paymentSucceeded(payment.title, payment.amountCents) : texts.paymentFailed(payment.title)),
  });
}

/** A song went live, or its audio check rejected it: the text follows the song's status. */
export async function textSongOutcome(ctx: Ctx, songId: string): Promise<void> {
  const [song] = await ctx.db
    .select({ artistId: songs.artistId, title: songs.title, status: songs.status, rejectionReason: songs.rejectionReason })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  if (!song?.artistId) return;
  if (song.status === "distributed") {
    await tell(ctx, {
      artistId: song.artistId,
      kind: "song_distributed",
      dedupeKey: `song_distributed:${songId}`,
      write: (texts) => texts.songDistributed(song.title),
    });
  } else if (song.status === "rejected") {
    const reason = song.rejectionReason ?? "its audio could not be checked.";
    await tell(ctx, {
      artistId: song.artistId,
      kind: "song_rejected",
      dedupeKey: `song_rejected:${songId}`,
      write: (texts) => texts.songRejected(song.title, reason),
    });
  }
}

/** An operator took a live song down (once per takedown: a song restored and taken down again is texted again). */
export async function textSongTakenDown(ctx: Ctx, takedown: { songId: string; eventId: string; reason: string }): Promise<void> {
  const [song] = await ctx.db.select({ artistId: songs.artistId, title: songs.title }).from(songs).where(eq(songs.id, takedown.songId)).limit(1);
  if (!song?.artistId) return;
  await tell(ctx, {
    artistId: song.artistId,
    kind: "song_taken_down",
    dedupeKey: `song_taken_down:${takedown.eventId}`,
    write: (texts) => texts.songTakenDown(song.title, takedown.reason),
  });
}

/** An operator put a taken-down song back (once per restore, like takedowns). */
export async function textSongRestored(ctx: Ctx, restore: { songId: string; eventId: string }): Promise<void> {
  const [song] = await ctx.db.select({ artistId: songs.artistId, title: songs.title }).from(songs).where(eq(songs.id, restore.songId)).limit(1);
  if (!song?.artistId) return;
  await tell(ctx, {
    artistId: song.artistId,
    kind: "song_restored",
    dedupeKey: `song_restored:${restore.eventId}`,
    write: (texts) => texts.songRestored(song.title),
  });
}

/**
 * A live song was held at a facility whose term lists now flag it (compliance/facility-standing.ts):
 * once per hold (`heldAt`), naming the facility and the lists, so the artist knows why.
 */
export async function textSongHeld(
  ctx: Ctx,
  hold: { songId: string; facilityId: string; facilityName: string; listNames: readonly string[]; heldAt: number },
): Promise<void> {
  const [song] = await ctx.db.select({ artistId: songs.artistId, title: songs.title }).from(songs).where(eq(songs.id, hold.songId)).limit(1);
  if (!song?.artistId) return;
  await tell(ctx, {
    artistId: song.artistId,
    kind: "song_held",
    dedupeKey: `song_held:${hold.songId}:${hold.facilityId}:${hold.heldAt}`,
    write: (texts) => texts.songHeld(song.title, hold.facilityName, hold.listNames),
  });
}

/**
 * An upload is the same recording as one of the artist's own songs already on JPlay (the fingerprint
 * match, distribution/match-catalogue.ts): they are told once per pair of songs.
 */
export async function textSongAlreadyInCatalogue(
  ctx: Ctx,
  match: { artistId: string; songId: string; songTitle: string; matchedSongId: string; matchedTitle: string },
): Promise<void> {
  await tell(ctx, {
    artistId: match.artistId,
    kind: "song_already_in_catalogue",
    dedupeKey: `song_already_in_catalogue:${match.songId}:${match.matchedSongId}`,
    write: (texts) => texts.songAlreadyInCatalogue(match.songTitle, match.matchedTitle),
  });
}

/**
 * A collaborator's held split shares of a song return to the artist on `returnsOn` unless they accept
 * (splits/return-held-shares.ts): once per song, collaborator and day of warning.
 */
export async function textSplitShareReturning(
  ctx: Ctx,
  warning: {
    artistId: string;
    songTitle: string;
    collaboratorId: string;
    collaboratorName: string;
    songId: string;
    amountCents: number;
    returnsOn: string;
    warnedOn: string;
  },
): Promise<void> {
  await tell(ctx, {
    artistId: warning.artistId,
    kind: "split_share_returning",
    dedupeKey: `split_share_returning:${warning.songId}:${warning.collaboratorId}:${warning.warnedOn}`,
    write: (texts) => texts.splitShareReturning(warning.songTitle, warning.collaboratorName, warning.amountCents, warning.returnsOn),
  });
}

/**
 * A collaborator named on a song's split who has not accepted (docs/splits.md, Accepting): a text to
 * their phone, in `language`, with a fresh link to their own page, once per collaborator and song
 * however often the split is saved. `collaboratorLink` makes the link, written only where `onlyIf`
 * holds (this text was written in the same batch), so a save that finds them texted leaves no link.
 */
export async function textSplitInvitation(
  ctx: Ctx,
  invitation: {
    artistId: string;
    artistName: string;
    songId: string;
    songTitle: string;
    collaboratorId: string;
    phone: string;
    language: Language;
    collaboratorLink: (onlyIf: SQL) => Promise<LinkForText>;
  },
): Promise<void> {
  const id = crypto.randomUUID();
  const link = await invitation.collaboratorLink(textWritten(id));
  await tell(ctx, {
    id,
    artistId: invitation.artistId,
    kind: "split_invitation",
    dedupeKey: `split_invitation:${invitation.collaboratorId}:${invitation.songId}`,
    to: { phone: invitation.phone, language: invitation.language },
    alongside: [link.statement],
    write: (texts) => texts.splitInvitation(invitation.artistName, invitation.songTitle, link.url),
  });
}

/** A private page link made for one text: its URL for the body, and its row, written only if `onlyIf` holds. */
export interface LinkForText {
  url: string;
  statement: SQL;
}

/**
 * A Pro renewal waits for the artist's 3-D Secure: once per invoice (Billing's retries ask again), with
 * a fresh link to the private page where they confirm it when the phone is confirmed (else no link).
 * `artistPageLink` makes that link (null without a public origin: no link), to be written only where
 * `onlyIf` holds: it commits with the text or not at all, so a delivery of the event that finds the
 * invoice texted already, even one running at the same time, leaves no link nobody was sent.
 */
export async function textRenewalNeedsConfirmation(
  ctx: Ctx,
  renewal: { artistId: string; invoiceId: string; amountCents: number; artistPageLink: ((onlyIf: SQL) => Promise<LinkForText>) | null },
): Promise<void> {
  const id = crypto.randomUUID();
  const link = renewal.artistPageLink && (await phoneConfirmed(ctx, renewal.artistId)) ? await renewal.artistPageLink(textWritten(id)) : null;
  await tell(ctx, {
    id,
    artistId: renewal.artistId,
    kind: "renewal_needs_confirmation",
    dedupeKey: `renewal_needs_confirmation:${renewal.invoiceId}`,
    alongside: link ? [link.statement] : [],
    write: (texts) => (link ? texts.renewalNeedsConfirmation(renewal.amountCents, link.url) : texts.renewalNeedsConfirmationWithoutLink(renewal.amountCents)),
  });
}

/**
 * A payout's Transfer was made: the text as an outbox row for the payout's own D1 batch
 * (ledger/payouts.ts writes it with the `paid` status, `outboxTextsStatement`), keyed by the payout.
 */
export const payoutSentText = (artist: { id: string; phone: string | null; language: Language }, payout: { id: string; amountCents: number }): OutboxText => ({
  artistId: artist.id,
  phone: artist.phone,
  language: artist.language,
  ref: payout.id,
  kind: "payout_sent",
  dedupeKey: `payout_sent:${payout.id}`,
  write: (texts) => texts.payoutSent(payout.amountCents),
});

/** Stripe took (part of) a paid payout back (docs/decisions/094-payout-truth.md): once per reversal. */
export async function textPayoutReversed(ctx: Ctx, reversal: { artistId: string; reversalId: string; amountCents: number }): Promise<void> {
  await tell(ctx, {
    artistId: reversal.artistId,
    kind: "payout_reversed",
    dedupeKey: `payout_reversed:${reversal.reversalId}`,
    write: (texts) => texts.payoutReversed(reversal.amountCents),
  });
}

/** The bank sent a payout to the artist's debit card back (`payout.failed`): once per Stripe payout. */
export async function textPayoutFailed(ctx: Ctx, failed: { artistId: string; payoutId: string; amountCents: number; reason: string }): Promise<void> {
  await tell(ctx, {
    artistId: failed.artistId,
    kind: "payout_failed",
    dedupeKey: `payout_failed:${failed.payoutId}`,
    write: (texts) => texts.payoutFailed(failed.amountCents, failed.reason),
  });
}
