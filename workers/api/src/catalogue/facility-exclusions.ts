/**
 * What a facility keeps out of its catalogue besides explicit songs: songs held there until an
 * operator decides on their term-list matches (`facility_song_reviews`, status `held`) and the artists
 * and songs it blocked (`facility_blocks`). Its lists, search, song pages and media leave them out
 * (docs/decisions/067-term-lists-screening-audit.md).
 */
import { sql, type SQL } from "drizzle-orm";

/** True for a song (its id and artist id as SQL) kept out of the facility. */
export const keptOutOfFacility = (facilityId: string, songId: SQL, artistId: SQL): SQL => sql`(
  exists (select 1 from facility_song_reviews r where r.facility_id = ${facilityId} and r.song_id = ${songId} and r.status = 'held')
  or exists (select 1 from facility_blocks b where b.facility_id = ${facilityId}
    and ((b.kind = 'song' and b.target_id = ${songId}) or (b.kind = 'artist' and b.target_id = ${artistId}))))`;

/** Every (facility, song) pair kept out, among live songs: the catalogue snapshot's exclusions. */
export const EXCLUDED_PAIRS = sql`
  select r.facility_id, r.song_id from facility_song_reviews r where r.status = 'held'
  union
  select b.facility_id, s.id from facility_blocks b
    join songs s on (b.kind = 'song' and s.id = b.target_id) or (b.kind = 'artist' and s.artist_id = b.target_id)
  where s.status = 'distributed'`;
