/**
 * What review reads of the fingerprint matches (match-catalogue.ts): the catalogue songs each waiting
 * upload matches, shown side by side with it, and whether another artist's match still waits for an
 * operator's decision (song-review.ts refuses the approval without one).
 */
import { sql, type SQL } from "drizzle-orm";
import { adminSongMediaPath, type CatalogueMatch } from "@jplay/schema/review";
import type { SongStatus } from "@jplay/schema/tables";
import type { Db } from "../platform/db";

interface MatchRow {
  songId: string;
  matchedSongId: string;
  title: string;
  artistName: string;
  status: SongStatus;
  sameArtist: 0 | 1;
  bitErrorRateBp: number;
  offsetMs: number;
  overlapMs: number;
  coverKey: string | null;
}

/** Each song's matches, closest first. */
export async function catalogueMatchesOf(db: Db, songIds: readonly string[]): Promise<Map<string, CatalogueMatch[]>> {
  const rows = await db.all<MatchRow>(sql`
    select m.song_id as songId, m.matched_song_id as matchedSongId, s.title, s.artist_name as artistName, s.status, m.same_artist as sameArtist,
      m.bit_error_rate_bp as bitErrorRateBp, m.offset_ms as offsetMs, m.overlap_ms as overlapMs, s.cover_key as coverKey
    from song_catalogue_matches m join songs s on s.id = m.matched_song_id
    where m.song_id in (select value from json_each(${JSON.stringify(songIds)}))
    order by m.bit_error_rate_bp, m.matched_song_id`);
  const bySong = new Map<string, CatalogueMatch[]>();
  for (const row of rows) {
    const list = bySong.get(row.songId) ?? [];
    list.push({
      songId: row.matchedSongId,
      title: row.title,
      artistName: row.artistName,
      status: row.status,
      sameArtist: row.sameArtist === 1,
      bitErrorRate: row.bitErrorRateBp / 10_000,
      offsetSeconds: row.offsetMs / 1000,
      overlapSeconds: row.overlapMs / 1000,
      audioUrl: adminSongMediaPath(row.matchedSongId, "audio"),
      coverUrl: row.coverKey ? adminSongMediaPath(row.matchedSongId, "cover") : null,
    });
    bySong.set(row.songId, list);
  }
  return bySong;
}

/** The titles of the other artists' songs whose match on `songId` no operator has decided yet. */
export async function undecidedCopies(db: Db, songId: string): Promise<string[]> {
  const rows = await db.all<{ label: string }>(sql`
    select '"' || s.title || '" by ' || s.artist_name as label
    from song_catalogue_matches m join songs s on s.id = m.matched_song_id
    where m.song_id = ${songId} and m.same_artist = 0 and m.decided_at is null
    order by m.bit_error_rate_bp`);
  return rows.map((row) => row.label);
}

/** Records the operator's decision on `songId`'s undecided matches, only when `approved` holds. */
export const decideCopiesStatement = (songId: string, decision: { actor: string; at: number; reason: string }, approved: SQL) => sql`
  update song_catalogue_matches set decided_by = ${decision.actor}, decided_at = ${decision.at}, decision_reason = ${decision.reason}
  where song_id = ${songId} and same_artist = 0 and decided_at is null and ${approved}`;
