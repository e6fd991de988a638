/**
 * An artist as the operator's View Details panel shows them (docs/artists-and-operators.md, "Admin portal"): the artist,
 * their saved cards, their songs with each status change, every payment attempt with its outcome,
 * and their live browser sessions. Six statements in one D1 batch, whatever the artist has.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { centsToDollars } from "@jplay/schema/pricing";
import type { AdminArtistDetails } from "@jplay/schema/admin";
import { artists, paymentMethods, payments, songEvents, songs, subscriptions } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { notFound } from "../platform/errors";
import { liveSessionsOfArtist, sessionView } from "../access/index";

/** An artist's payment attempts shown, newest first. */
export const PAYMENTS_SHOWN = 500;

const iso = (ms: number) => new Date(ms).toISOString();

export async function readArtistDetails(ctx: Ctx, artistId: string): Promise<AdminArtistDetails> {
  const { db } = ctx;
  const [[artist], cards, songRows, events, paymentRows, sessions] = await db.batch([
    db
      .select({
        id: artists.id,
        phone: artists.phone,
        paymentFrequency: artists.paymentFrequency,
        createdAt: artists.createdAt,
        payoutsEnabled: artists.payoutsEnabled,
        proActive:
          sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.artistId} = ${artists.id} and ${subscriptions.status} = 'active')`.mapWith(
            Boolean,
          ),
      })
      .from(artists)
      .where(eq(artists.id, artistId)),
    db
      .select({
        paymentMethodId: paymentMethods.id,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
        isDefault: paymentMethods.isDefault,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.artistId, artistId))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt)),
    db
      .select({
        id: songs.id,
        title: songs.title,
        artistName: songs.artistName,
        status: songs.status,
        package: songs.package,
        feeCents: songs.distributionFeeCents,
        rejectionReason: songs.rejectionReason,
      })
      .from(songs)
      .where(eq(songs.artistId, artistId))
      .orderBy(desc(songs.createdAt), asc(songs.id)),
    db
      .select({ songId: songEvents.songId, fromStatus: songEvents.fromStatus, toStatus: songEvents.toStatus, cause: songEvents.cause, at: songEvents.at })
      .from(songEvents)
      .innerJoin(songs, eq(songs.id, songEvents.songId))
      .where(eq(songs.artistId, artistId))
      .orderBy(asc(songEvents.at), sql`${songEvents}.rowid`),
    db
      .select({
        id: payments.id,
        songId: payments.songId,
        purpose: payments.purpose,
        amountCents: payments.amountCents,
        status: payments.status,
        declineCode: payments.declineCode,
        failureCode: payments.failureCode,
        failureMessage: payments.failureMessage,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.artistId, artistId))
      .orderBy(desc(payments.createdAt), sql`${payments}.rowid desc`)
      .limit(PAYMENTS_SHOWN),
    liveSessionsOfArtist(ctx, artistId),
  ]);
  if (!artist) throw notFound("No such artist.");

  const historyBySong = new Map<string, AdminArtistDetails["songs"][number]["history"]>();
  for (const event of events) {
    const history = historyBySong.get(event.songId) ?? [];
    history.push({ from: event.fromStatus, to: event.toStatus, cause: event.cause, at: iso(event.at) });
    historyBySong.set(event.songId, history);
  }

  return {
    artist: {
      id: artist.id,
      phone: artist.phone ?? "",
      paymentFrequency: artist.paymentFrequency,
      createdAt: iso(artist.createdAt),
      proActive: artist.proActive,
      payoutsEnabled: artist.payoutsEnabled,
    },
    cards,
    songs: songRows.map((song) => ({
      id: song.id,
      title: song.title,
      artistName: song.artistName,
      status: song.status,
      package: song.package,
      ...(song.feeCents !== null ? { distributionFee: centsToDollars(song.feeCents) } : {}),
      rejectionReason: song.rejectionReason,
      history: historyBySong.get(song.id) ?? [],
    })),
    sessions: sessions.map(sessionView),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      songId: payment.songId,
      purpose: payment.purpose,
      amountCents: payment.amountCents,
      status: payment.status,
      // A refusal before Stripe has no decline code of its own: show why (hard_decline, attempt_budget).
      declineCode: payment.declineCode ?? payment.failureCode,
      failureMessage: payment.failureMessage,
      createdAt: iso(payment.createdAt),
    })),
  };
}
