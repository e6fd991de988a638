/**
 * Reads of the public catalogue: what tablets list and play. Only distributed songs are public;
 * a song awaiting payment or delivery is not part of the catalogue.
 */
import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { artists, purchases, songs } from "@jplay/schema/tables";
import { songAudioPath, songCoverPath, type SongDto } from "@jplay/schema/song";
import { centsToDollars } from "@jplay/schema/pricing";
import type { Db } from "../db";

type SongRow = typeof songs.$inferSelect;

export function toSongDto(song: SongRow): SongDto {
  return {
    id: song.id,
    title: song.title,
    artist: song.artistName,
    coverUrl: song.coverKey ? songCoverPath(song.id) : null,
    audioUrl: songAudioPath(song.id),
    createdAt: new Date(song.createdAt).toISOString(),
    price: centsToDollars(song.priceCents),
  };
}

const isPublic = eq(songs.status, "distributed");

/** Most purchased first; among equals, the newest. */
export async function listPopularSongs(db: Db, limit: number): Promise<SongDto[]> {
  const purchaseCounts = db
    .select({ songId: purchases.songId, purchaseCount: count().as("purchase_count") })
    .from(purchases)
    .groupBy(purchases.songId)
    .as("purchase_counts");
  const rows = await db
    .select({ song: songs })
    .from(songs)
    .leftJoin(purchaseCounts, eq(purchaseCounts.songId, songs.id))
    .where(isPublic)
    .orderBy(desc(sql`coalesce(${purchaseCounts.purchaseCount}, 0)`), desc(songs.createdAt))
    .limit(limit);
  return rows.map((row) => toSongDto(row.song));
}

/** Newest to join the catalogue first. */
export async function listRecentSongs(db: Db, limit: number): Promise<SongDto[]> {
  const rows = await db
    .select()
    .from(songs)
    .where(isPublic)
    .orderBy(desc(sql`coalesce(${songs.distributedAt}, ${songs.createdAt})`), desc(songs.createdAt))
    .limit(limit);
  return rows.map(toSongDto);
}

/** The song most recently featured, or null when no public song is featured. */
export async function getFeaturedSong(db: Db): Promise<SongDto | null> {
  const [row] = await db
    .select()
    .from(songs)
    .where(and(isPublic, isNotNull(songs.featuredAt)))
    .orderBy(desc(songs.featuredAt))
    .limit(1);
  return row ? toSongDto(row) : null;
}

/** A public song's row (media keys included), or undefined. */
export async function findPublicSong(db: Db, songId: string): Promise<SongRow | undefined> {
  const [row] = await db
    .select()
    .from(songs)
    .where(and(isPublic, eq(songs.id, songId)))
    .limit(1);
  return row;
}

/**
 * A song its owner may see before it is public (the offer and confirmation screens). A song removed
 * for want of payment is gone for its owner too: nothing can be paid for it any more.
 */
export async function findOwnedSong(db: Db, songId: string, stripeCustomerId: string): Promise<SongRow | undefined> {
  const [row] = await db
    .select({ song: songs })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(and(eq(songs.id, songId), eq(artists.stripeCustomerId, stripeCustomerId), ne(songs.status, "removed")))
    .limit(1);
  return row?.song;
}
