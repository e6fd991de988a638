/**
 * Compares a listened-to upload's fingerprint with the catalogue's (docs/audio-checks.md,
 * "Fingerprints"): the fingerprint and its lookup keys (the distinct top 16 bits of its
 * sub-fingerprints, silence's left out, as AcoustID indexes) are stored; the paid songs sharing the
 * most keys are compared in full by aligned bit error rate, and each under decision 103's threshold is
 * recorded in song_catalogue_matches. Another artist's match holds the upload's approval until an
 * operator decides (song-review.ts); the same artist's is told to them by text. A repeated job stores
 * the same rows and keeps an operator's decision.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { textSongAlreadyInCatalogue } from "../texts/index";
import { compareFingerprints, isSameRecording } from "./audio-fingerprint/compare-fingerprints";

/** Chromaprint's sub-fingerprint of silence: every silent song shares it, so it finds nothing. */
const SILENCE = 627_964_279;
/** Catalogue songs compared in full, those sharing the most keys first. */
const CANDIDATES = 10;
const MIN_SHARED_KEYS = 2;

export const fingerprintHex = (fingerprint: Uint32Array) => Array.from(fingerprint, (word) => word.toString(16).padStart(8, "0")).join("");

export function fingerprintFromHex(hex: string): Uint32Array {
  const words = new Uint32Array(hex.length / 8);
  for (let i = 0; i < words.length; i++) words[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  return words;
}

/** The lookup keys of a fingerprint: its distinct top 16 bits, silence's left out. */
export const fingerprintKeys = (fingerprint: Uint32Array) =>
  [...new Set(Array.from(fingerprint, (word) => word >>> 16))].filter((key) => key !== SILENCE >>> 16);

interface Candidate {
  songId: string;
  artistId: string | null;
  title: string;
  fingerprint: string;
}

export async function matchCatalogue(ctx: Ctx, song: { id: string; artistId: string | null; title: string }, fingerprint: Uint32Array): Promise<void> {
  const now = ctx.now();
  const keys = JSON.stringify(fingerprintKeys(fingerprint));
  await runBatch(ctx.db, [
    sql`insert into song_fingerprints (song_id, fingerprint, created_at) values (${song.id}, ${fingerprintHex(fingerprint)}, ${now})
      on conflict (song_id) do update set fingerprint = excluded.fingerprint, created_at = excluded.created_at`,
    sql`delete from song_fingerprint_keys where song_id = ${song.id}`,
    sql`insert into song_fingerprint_keys (key, song_id) select value, ${song.id} from json_each(${keys})`,
  ]);
  const candidates = await ctx.db.all<Candidate>(sql`
    select s.id as songId, s.artist_id as artistId, s.title, f.fingerprint
    from (
      select song_id, count(*) as shared from song_fingerprint_keys
      where key in (select value from json_each(${keys})) and song_id != ${song.id}
      group by song_id having shared >= ${MIN_SHARED_KEYS} order by shared desc limit ${CANDIDATES}
    ) k
    join songs s on s.id = k.song_id and s.status in ('approved', 'distributed')
    join song_fingerprints f on f.song_id = k.song_id`);
  for (const candidate of candidates) {
    const comparison = compareFingerprints(fingerprint, fingerprintFromHex(candidate.fingerprint));
    if (!isSameRecording(comparison)) continue;
    const sameArtist = song.artistId !== null && candidate.artistId === song.artistId;
    await ctx.db.run(sql`
      insert into song_catalogue_matches (song_id, matched_song_id, bit_error_rate_bp, offset_ms, overlap_ms, same_artist, found_at)
      values (${song.id}, ${candidate.songId}, ${Math.round(comparison.bitErrorRate * 10_000)}, ${Math.round(comparison.offsetSeconds * 1000)},
        ${Math.round(comparison.overlapSeconds * 1000)}, ${sameArtist ? 1 : 0}, ${now})
      on conflict (song_id, matched_song_id) do nothing`);
    if (sameArtist) {
      await textSongAlreadyInCatalogue(ctx, {
        artistId: song.artistId!,
        songId: song.id,
        songTitle: song.title,
        matchedSongId: candidate.songId,
        matchedTitle: candidate.title,
      });
    }
  }
}
