/**
 * What review shows of a song's screening: its matches (to highlight in the lyrics, each with its
 * list), the facilities whose lists it fails and its standing at each, and whether it has no lyrics
 * though it is not instrumental (then only its title and credits were screened), and its audio
 * transcript when speech-to-text made one, or is making one, or failed to. Also the live songs
 * held at a facility, which review lists apart (docs/decisions/067-term-lists-screening-audit.md).
 */
import { eq, sql } from "drizzle-orm";
import type { HeldSong, SongScreening } from "@jplay/schema/compliance";
import { facilitySongReviews, songScreenings } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { facilityFailures } from "./facility-standing";
import { screenSong, storedMatches } from "./screening";
import { songTranscript } from "./song-transcripts";

/** A song never screened (uploaded before screening existed) is screened now, so review never shows an unscreened song as clear. */
export async function songScreening(ctx: Ctx, songId: string, song: { lyrics: string | null; instrumental: boolean }): Promise<SongScreening> {
  let [screened] = await ctx.db.select({ at: songScreenings.screenedAt }).from(songScreenings).where(eq(songScreenings.songId, songId)).limit(1);
  if (!screened) {
    await screenSong(ctx, songId);
    screened = { at: ctx.now() };
  }
  const matches = await storedMatches(ctx, songId);
  const failures = await facilityFailures(ctx, songId, matches);
  const standing = await ctx.db.select().from(facilitySongReviews).where(eq(facilitySongReviews.songId, songId));
  return {
    screenedAt: screened ? new Date(screened.at).toISOString() : null,
    matches,
    facilities: failures.map((failure) => {
      const row = standing.find((r) => r.facilityId === failure.facilityId);
      const status =
        row?.status === "held" ? "held" : row?.status === "overridden" && failure.terms.every((t) => row.terms.includes(t)) ? "overridden" : "fails";
      return {
        facilityId: failure.facilityId,
        facilityName: failure.facilityName,
        listNames: failure.listNames,
        status,
        reason: status === "overridden" ? (row?.reason ?? null) : null,
      };
    }),
    lyricsMissing: !song.instrumental && (song.lyrics ?? "").trim() === "",
    transcript: await songTranscript(ctx, songId),
  };
}

/** Live songs held at one or more facilities, oldest hold first. */
export async function listHeldSongs(ctx: Ctx): Promise<HeldSong[]> {
  const rows = await ctx.db.all<{ id: string; title: string; artistName: string; lyrics: string | null; instrumental: number; credits: string }>(sql`
    select s.id, s.title, s.artist_name as artistName, s.lyrics, s.instrumental,
      (select coalesce(group_concat(name, ', '), '') from (select name from song_credits c where c.song_id = s.id order by position)) as credits
    from songs s
    where s.status = 'distributed' and exists (select 1 from facility_song_reviews r where r.song_id = s.id and r.status = 'held')
    order by (select min(held_at) from facility_song_reviews r where r.song_id = s.id and r.status = 'held'), s.id
    limit 200`);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      artistName: row.artistName,
      lyrics: row.lyrics,
      instrumental: row.instrumental === 1,
      credits: row.credits,
      screening: await songScreening(ctx, row.id, { lyrics: row.lyrics, instrumental: row.instrumental === 1 }),
    })),
  );
}
