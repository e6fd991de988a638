/**
 * Reads one page of the tablet provider's delivery feed: the `catalogue_changes` log after a cursor,
 * in `seq` order, each release joined with its song as it is now and given signed media links. The
 * log is append-only, so the same cursor always starts at the same change: a provider that lost an
 * answer reads the same page again. Also which songs the feed's media links may serve
 * (docs/decisions/050-provider-delivery-feed.md). The same page feeds the DDEX ERN feed
 * (provider/ern), which reads the release metadata and credits too. Asked for a facility, both carry
 * that facility's price (docs/decisions/071-facility-price-ceilings.md).
 */
import { and, asc, eq, gt, inArray, isNull, lte, max } from "drizzle-orm";
import { catalogueChanges, songAudioChecks, songCredits, songs } from "@jplay/schema/tables";
import type { CatalogueChange, DeliveryFeedPage, FeedQuery } from "@jplay/schema/provider-feed";
import { facilityPriceCents } from "@jplay/schema/pricing";
import { parentalWarning, type Credit } from "@jplay/schema/release-metadata";
import type { Ctx } from "../platform/context";
import { badRequest } from "../platform/errors";
import type { FeedEntries, FeedEntry, ReleaseFacts, RightsLine, SignMediaLink } from "./ern/index";
import { deliveredLoudness } from "../releases/index";
import { complianceRecords } from "../compliance/index";
import { facilityPriceCeilings, unknownFacility } from "../catalogue/index";
import { creditsWithContributors, songContributors } from "../splits/index";

/**
 * One page of the catalogue log, each change with its song as it is now: what both the JSON feed
 * (below) and the DDEX ERN feed (provider/ern/feed-page.ts) are written from, so they page alike.
 */
export async function readFeedEntries(ctx: Ctx, { since, limit, facility }: FeedQuery): Promise<FeedEntries> {
  const ceilingCents = facility === undefined ? null : await facilityCeiling(ctx, facility);
  const rows = await ctx.db
    .select({
      seq: catalogueChanges.seq,
      kind: catalogueChanges.kind,
      songId: catalogueChanges.songId,
      at: catalogueChanges.at,
      title: songs.title,
      artist: songs.artistName,
      explicit: songs.explicit,
      cleanVersionOf: songs.cleanVersionOf,
      durationMs: songs.durationMs,
      priceCents: songs.priceCents,
      coverKey: songs.coverKey,
      isrc: songs.isrc,
      upc: songs.upc,
      genre: songs.genre,
      lyricsLanguage: songs.lyricsLanguage,
      instrumental: songs.instrumental,
      releaseDate: songs.releaseDate,
      pLineYear: songs.pLineYear,
      pLineHolder: songs.pLineHolder,
      cLineYear: songs.cLineYear,
      cLineHolder: songs.cLineHolder,
      integratedLoudness: songAudioChecks.integratedLoudness,
      truePeak: songAudioChecks.truePeak,
      previewStartMs: songAudioChecks.previewStartMs,
      previewDurationMs: songAudioChecks.previewDurationMs,
      deliveredGainSteps: songAudioChecks.deliveredGainSteps,
    })
    .from(catalogueChanges)
    .innerJoin(songs, eq(songs.id, catalogueChanges.songId))
    .leftJoin(songAudioChecks, eq(songAudioChecks.songId, catalogueChanges.songId))
    .where(gt(catalogueChanges.seq, since))
    .orderBy(asc(catalogueChanges.seq))
    // One more than asked: whether it exists is `hasMore`.
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  if (page.length === 0 && since > 0) await refuseCursorPastTheEnd(ctx, since);
  const credits = page.length > 0 ? await readCredits(ctx, since, page.at(-1)!.seq) : new Map<string, Credit[]>();
  // Collaborators of the split in force are contributors too (names and roles; shares are never published).
  const contributors = await songContributors(ctx, [...new Set(page.map((row) => row.songId))], ctx.now());

  const entries = page.map((row): FeedEntry => ({
    cursor: String(row.seq),
    kind: row.kind,
    songId: row.songId,
    at: new Date(row.at).toISOString(),
    song: {
      songId: row.songId,
      title: row.title,
      artist: row.artist,
      explicit: row.explicit,
      parentalWarning: parentalWarning(row),
      durationMs: row.durationMs,
      priceCents: ceilingCents === null ? row.priceCents : facilityPriceCents(row.priceCents, ceilingCents),
      isrc: row.isrc,
      upc: row.upc,
      genre: row.genre,
      lyricsLanguage: row.lyricsLanguage,
      instrumental: row.instrumental,
      // Songs written before release metadata existed and never migrated hold the columns' empty defaults.
      releaseDate: row.releaseDate === "" ? null : row.releaseDate,
      credits: creditsWithContributors(credits.get(row.songId) ?? [], contributors.get(row.songId) ?? []),
      pLine: rightsLine(row.pLineYear, row.pLineHolder),
      cLine: rightsLine(row.cLineYear, row.cLineHolder),
      hasCover: row.coverKey !== null,
      ...deliveredAudio(row),
    },
  }));
  return { entries, nextCursor: page.length > 0 ? String(page.at(-1)!.seq) : String(since), hasMore: rows.length > limit };
}

/** The price ceiling of the facility a feed is asked for; 404 for a facility JPlay does not know. */
async function facilityCeiling(ctx: Ctx, facilityId: string): Promise<number> {
  const ceiling = (await facilityPriceCeilings(ctx, [facilityId])).get(facilityId);
  if (ceiling === undefined) throw unknownFacility();
  return ceiling;
}

/**
 * The preview and loudness of a song's delivered audio, from its stored measurements and the gain its
 * delivered copy was given (releases/delivered-copy.ts): none until that copy and its preview exist.
 */
function deliveredAudio(row: {
  integratedLoudness: number | null;
  truePeak: number | null;
  previewStartMs: number | null;
  previewDurationMs: number | null;
  deliveredGainSteps: number | null;
}): Pick<ReleaseFacts, "preview" | "loudness"> {
  const { integratedLoudness, truePeak, previewStartMs, previewDurationMs, deliveredGainSteps } = row;
  if (deliveredGainSteps === null || integratedLoudness === null || truePeak === null) return { preview: null, loudness: null };
  const delivered = deliveredLoudness({ integratedLufs: integratedLoudness / 100, truePeakDbtp: truePeak / 100 }, deliveredGainSteps);
  const rounded = (value: number) => Math.round(value * 100) / 100;
  return {
    preview: previewStartMs === null || previewDurationMs === null ? null : { startMs: previewStartMs, durationMs: previewDurationMs },
    loudness: {
      integratedLufs: rounded(delivered.integratedLufs),
      truePeakDbtp: rounded(delivered.truePeakDbtp),
      replayGainTrackGainDb: rounded(delivered.replayGainTrackGainDb),
    },
  };
}

const rightsLine = (year: number, holder: string): RightsLine | null => (year > 0 && holder !== "" ? { year, holder } : null);

/**
 * The credits of the songs of the changes after `since` up to `lastSeq` (the page's), each song's in
 * the artist's order. Selected by the page's range, not a list of its song ids: a page of 500 would
 * bind more parameters than D1 takes in one query.
 */
async function readCredits(ctx: Ctx, since: number, lastSeq: number): Promise<Map<string, Credit[]>> {
  const { db } = ctx;
  const pageSongs = db
    .select({ songId: catalogueChanges.songId })
    .from(catalogueChanges)
    .where(and(gt(catalogueChanges.seq, since), lte(catalogueChanges.seq, lastSeq)));
  const rows = await db
    .select({ songId: songCredits.songId, name: songCredits.name, role: songCredits.role })
    .from(songCredits)
    .where(inArray(songCredits.songId, pageSongs))
    .orderBy(asc(songCredits.songId), asc(songCredits.position));
  const bySong = new Map<string, Credit[]>();
  for (const { songId, name, role } of rows) bySong.set(songId, [...(bySong.get(songId) ?? []), { name, role }]);
  return bySong;
}

/** The JSON feed's page: a release describes its song and carries signed links to its files. */
export async function readDeliveryFeed(ctx: Ctx, query: FeedQuery, signLink: SignMediaLink): Promise<DeliveryFeedPage> {
  const { entries, nextCursor, hasMore } = await readFeedEntries(ctx, query);
  const compliance = await complianceRecords(ctx, [...new Set(entries.filter((entry) => entry.kind === "release").map((entry) => entry.songId))]);
  const changes = await Promise.all(
    entries.map(async ({ cursor, kind, songId, at, song }): Promise<CatalogueChange> => {
      if (kind === "takedown") return { cursor, kind, songId, at };
      return {
        cursor,
        kind,
        songId,
        at,
        title: song.title,
        artist: song.artist,
        explicit: song.explicit,
        durationMs: song.durationMs,
        priceCents: song.priceCents,
        audioUrl: await signLink(songId, "audio"),
        coverUrl: song.hasCover ? await signLink(songId, "cover") : null,
        preview: song.preview && { url: await signLink(songId, "preview"), ...song.preview },
        loudness: song.loudness,
        isrc: song.isrc,
        upc: song.upc,
        genre: song.genre,
        lyricsLanguage: song.lyricsLanguage,
        releaseDate: song.releaseDate,
        parentalWarning: song.parentalWarning,
        credits: song.credits,
        compliance: compliance.get(songId) ?? [],
      };
    }),
  );
  return { changes, nextCursor, hasMore };
}

/**
 * A cursor past the feed's last change was never given out by this feed (seq only grows): reading on
 * from it would silently skip whatever comes next, so it is refused.
 */
async function refuseCursorPastTheEnd(ctx: Ctx, since: number): Promise<void> {
  const [row] = await ctx.db.select({ last: max(catalogueChanges.seq) }).from(catalogueChanges);
  const last = row?.last ?? null;
  if (last === null || since > last) {
    throw badRequest(
      `since=${since} is past the end of the feed (its last change is ${last ?? 0}): use a cursor this feed gave you, or 0 to read from the start`,
    );
  }
}

/**
 * The media keys of a song the provider may fetch: released and not taken down. Anything else is
 * answered as absent, whatever link the caller holds.
 */
export async function findReleasedSongMedia(ctx: Ctx, songId: string): Promise<{ audioKey: string; coverKey: string | null } | undefined> {
  const [song] = await ctx.db
    .select({ audioKey: songs.audioKey, coverKey: songs.coverKey })
    .from(songs)
    .where(and(eq(songs.id, songId), eq(songs.status, "distributed"), isNull(songs.takenDownAt)))
    .limit(1);
  return song;
}
