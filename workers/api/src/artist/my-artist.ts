/**
 * What `GET /api/me` answers about the session's artist (docs/decisions/028-artist-journey.md):
 * their default card (so /distribute need not ask for it again), their own songs, newest first,
 * each with its status and whether it is paid (removed songs left out: the artist no longer has
 * them), and whether payouts are set up with the balance held until they are. Only the given
 * artist's rows are read.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Language } from "@jplay/schema/language";
import type { MyArtist } from "@jplay/schema/me";
import { artists, songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { artistAvailableBalances, connectStatusOf, payoutsReady } from "../ledger/index";
import { defaultCard } from "../payments/index";

export async function loadMyArtist(ctx: Ctx, artist: typeof artists.$inferSelect): Promise<MyArtist> {
  const rows = await ctx.db
    .select({
      id: songs.id,
      title: songs.title,
      status: songs.status,
      package: songs.package,
      paidAt: songs.paidAt,
      explicit: songs.explicit,
      cleanVersionOf: songs.cleanVersionOf,
    })
    .from(songs)
    .where(and(eq(songs.artistId, artist.id), ne(songs.status, "removed")))
    .orderBy(desc(songs.createdAt));
  const available = (await artistAvailableBalances(ctx, [artist.id])).get(artist.id) ?? 0;
  const card = await defaultCard(ctx, artist.id);
  return {
    savedPayment:
      card && artist.stripeCustomerId
        ? {
            customerId: artist.stripeCustomerId,
            phoneNumber: artist.phone ?? "",
            paymentFrequency: artist.paymentFrequency,
            brand: card.brand,
            last4: card.last4,
          }
        : null,
    songs: rows.map((song) => ({
      id: song.id,
      title: song.title,
      status: song.status,
      package: song.package,
      paid: song.paidAt !== null,
      explicit: song.explicit,
      cleanVersionOf: song.cleanVersionOf,
    })),
    payouts: { status: connectStatusOf(artist), heldCents: payoutsReady(artist) ? 0 : available },
    language: artist.language,
  };
}

/** From now on the artist's texts and statements are written in `language`. */
export async function setArtistLanguage(ctx: Ctx, artistId: string, language: Language): Promise<void> {
  await ctx.db.update(artists).set({ language }).where(eq(artists.id, artistId));
}
