/**
 * The review queue (`GET /api/admin/review`): every paid song no operator has approved yet, with
 * the times an operator works against — when it goes live once approved (its promised time) and
 * the review's deadline (the end of its package's window) — sorted by time left, so an overdue song
 * is heard first (docs/decisions/029-review-before-delivery.md). Windows are scaled the way the delivery
 * job scales them (distribution/delivery-window.ts), so a compressed local run shows compressed times.
 */
import { sql } from "drizzle-orm";
import type { Credit, Genre, LyricsLanguage } from "@jplay/schema/release-metadata";
import { adminSongMediaPath, REVIEW_QUEUE_MAX_SONGS, type ReviewQueueResponse } from "@jplay/schema/review";
import { SONG_PACKAGES, type SongPackage } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { deliverAt, secondsPerWindowHour, windowEndsAt } from "./delivery-window";
import { songScreening } from "../compliance/index";
import { audioCheckView, type StoredAudioCheck } from "@jplay/schema/audio-check";
import { audioChecksOf } from "./audio-checks-of";
import { catalogueMatchesOf } from "./catalogue-matches";

interface WaitingSong {
  id: string;
  title: string;
  artistName: string;
  explicit: 0 | 1 | null;
  package: SongPackage;
  paidAt: number;
  deliverAt: number | null;
  coverKey: string | null;
  isrc: string | null;
  upc: string | null;
  genre: Genre;
  lyricsLanguage: LyricsLanguage;
  instrumental: 0 | 1;
  lyrics: string | null;
  releaseDate: string;
  pLineYear: number;
  pLineHolder: string;
  cLineYear: number;
  cLineHolder: string;
  /** JSON array of {name, role}, in the artist's order. */
  credits: string;
  cleanVersionOfTitle: string | null;
}

/** Songs paid and not yet reviewed. */
const WAITING = sql`from songs where status = 'approved' and reviewed_at is null`;

/** Each waiting song's release metadata, its credits as one JSON array and its original's title. */
const METADATA = sql`genre, lyrics_language as lyricsLanguage, instrumental, lyrics, release_date as releaseDate,
  p_line_year as pLineYear, p_line_holder as pLineHolder, c_line_year as cLineYear, c_line_holder as cLineHolder,
  (select json_group_array(json_object('name', name, 'role', role)) from (select name, role from song_credits c where c.song_id = songs.id order by position)) as credits,
  (select title from songs original where original.id = songs.clean_version_of) as cleanVersionOfTitle`;

/**
 * apply-payment.ts sets the package and the paid time with the status; a row changed by hand without
 * them still shows (and cannot break the list), dated from its upload with the standard window.
 */
const PAID_AT = sql`coalesce(paid_at, created_at)`;
const PACKAGE = sql`coalesce(package, 'standard')`;

/** The review deadline of each row in SQL, the same sum `windowEndsAt` makes, for ordering before the limit. */
const deadlineSql = (secondsPerHour: number) =>
  sql`${PAID_AT} + case ${PACKAGE} ${sql.join(
    SONG_PACKAGES.map((songPackage) => sql`when ${songPackage} then ${windowEndsAt(0, songPackage, secondsPerHour)}`),
    sql` `,
  )} end`;

const audioChecksView = (stored: StoredAudioCheck | undefined) => (stored ? audioCheckView(stored) : null);

export async function listReviewQueue(ctx: Ctx): Promise<ReviewQueueResponse> {
  const { db } = ctx;
  const secondsPerHour = secondsPerWindowHour(ctx.env);
  const now = ctx.now();
  const rows = await db.all<WaitingSong>(sql`
    select id, title, artist_name as artistName, explicit, ${PACKAGE} as package, ${PAID_AT} as paidAt, deliver_at as deliverAt, cover_key as coverKey, isrc, upc, ${METADATA}
    ${WAITING}
    order by ${deadlineSql(secondsPerHour)}, id
    limit ${REVIEW_QUEUE_MAX_SONGS}`);
  const [count] = await db.all<{ total: number }>(sql`select count(*) as total ${WAITING}`);
  const audioChecks = await audioChecksOf(
    db,
    rows.map((song) => song.id),
  );
  const matches = await catalogueMatchesOf(
    db,
    rows.map((song) => song.id),
  );
  return {
    songs: await Promise.all(
      rows.map(async (song) => {
        const deadline = windowEndsAt(song.paidAt, song.package, secondsPerHour);
        return {
          id: song.id,
          title: song.title,
          artistName: song.artistName,
          explicit: song.explicit === null ? null : song.explicit === 1,
          package: song.package,
          paidAt: new Date(song.paidAt).toISOString(),
          // Scheduled by the audio check; until it has run, the same sum the check will make.
          deliverAt: new Date(song.deliverAt ?? deliverAt(song.paidAt, song.package, secondsPerHour)).toISOString(),
          windowEndsAt: new Date(deadline).toISOString(),
          timeLeftMs: deadline - now,
          overdue: deadline < now,
          audioUrl: adminSongMediaPath(song.id, "audio"),
          coverUrl: song.coverKey ? adminSongMediaPath(song.id, "cover") : null,
          isrc: song.isrc,
          upc: song.upc,
          genre: song.genre,
          lyricsLanguage: song.lyricsLanguage,
          instrumental: song.instrumental === 1,
          lyrics: song.lyrics,
          releaseDate: song.releaseDate,
          credits: JSON.parse(song.credits) as Credit[],
          pLine: { year: song.pLineYear, holder: song.pLineHolder },
          cLine: { year: song.cLineYear, holder: song.cLineHolder },
          cleanVersionOfTitle: song.cleanVersionOfTitle,
          screening: await songScreening(ctx, song.id, { lyrics: song.lyrics, instrumental: song.instrumental === 1 }),
          audioCheck: audioChecksView(audioChecks.get(song.id)),
          catalogueMatches: matches.get(song.id) ?? [],
        };
      }),
    ),
    total: count?.total ?? 0,
  };
}
