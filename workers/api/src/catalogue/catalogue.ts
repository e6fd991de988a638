/**
 * Reads of the public catalogue: what tablets list and play. Only distributed songs that no operator
 * has taken down and whose release date has come (UTC) are public; a song awaiting payment, review,
 * delivery or its release date is not part of the catalogue. Every read takes the listener's scope (catalogue/catalogue-scope.ts): a clean one leaves
 * out explicit and unanswered songs, and the media URLs it gives out carry the scope. The lists Home
 * reads come from one query for every scope (catalogue/catalogue-snapshot.ts).
 */
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { artists, songs } from "@jplay/schema/tables";
import { songAudioPath, songCoverPath, type SongDto } from "@jplay/schema/song";
import { centsToDollars } from "@jplay/schema/pricing";
import type { Ctx } from "../platform/context";
import type { CatalogueScope } from "./catalogue-scope";
import { keptOutOfFacility } from "./facility-exclusions";

type SongRow = typeof songs.$inferSelect;

/** The fields of a song row a listener sees. */
export type ListedSong = Pick<SongRow, "id" | "title" | "artistName" | "coverKey" | "createdAt" | "priceCents" | "explicit">;

export function toSongDto(song: ListedSong, scope: CatalogueScope): SongDto {
  return {
    id: song.id,
    title: song.title,
    artist: song.artistName,
    coverUrl: song.coverKey ? songCoverPath(song.id) + scope.query : null,
    audioUrl: songAudioPath(song.id) + scope.query,
    createdAt: new Date(song.createdAt).toISOString(),
    price: centsToDollars(song.priceCents),
    explicit: song.explicit !== false,
  };
}

/** Today's date in UTC as SQLite writes it: a release date on or before it has come. */
export const RELEASED_BY_TODAY = sql`strftime('%Y-%m-%d', 'now')`;

/** The columns a list selects for toSongDto. */
export const listedSongColumns = {
  id: songs.id,
  title: songs.title,
  artistName: songs.artistName,
  coverKey: songs.coverKey,
  createdAt: songs.createdAt,
  priceCents: songs.priceCents,
  explicit: songs.explicit,
};

/**
 * Listed and served in `scope`: live, released, not taken down, clean when the scope asks for clean,
 * and neither held nor blocked at the scope's facility.
 */
export const isPublic = (scope: CatalogueScope) =>
  and(
    eq(songs.status, "distributed"),
    isNull(songs.takenDownAt),
    lte(songs.releaseDate, RELEASED_BY_TODAY),
    scope.cleanOnly ? eq(songs.explicit, false) : undefined,
    scope.facilityId !== undefined ? sql`not ${keptOutOfFacility(scope.facilityId, sql`${songs.id}`, sql`${songs.artistId}`)}` : undefined,
  );

/** A song's row (media keys included) when it is public in `scope`, or undefined. */
export async function findPublicSong(ctx: Ctx, scope: CatalogueScope, songId: string): Promise<SongRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(songs)
    .where(and(isPublic(scope), eq(songs.id, songId)))
    .limit(1);
  return row;
}

/**
 * A song its owner may see before it is public (the offer and confirmation screens). A song removed
 * for want of payment is gone for its owner too: nothing can be paid for it any more; so is a song
 * taken down (its owner reads why on their artist page).
 */
export async function findOwnedSong(ctx: Ctx, songId: string, stripeCustomerId: string): Promise<SongRow | undefined> {
  const [row] = await ctx.db
    .select({ song: songs })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(eq(songs.id, songId), eq(artists.stripeCustomerId, stripeCustomerId), ne(songs.status, "removed"), isNull(songs.takenDownAt)))
    .limit(1);
  return row?.song;
}
