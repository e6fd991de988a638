/**
 * Reads one page of the tablet provider's delivery feed: the `catalogue_changes` log after a cursor,
 * in `seq` order, each release joined with its song as it is now and given signed media links. The
 * log is append-only, so the same cursor always starts at the same change: a provider that lost an
 * answer reads the same page again. Also which songs the feed's media links may serve
 * (docs/decisions/029-catalogue-control.md, "Delivery feed").
 */
import { and, asc, eq, gt, isNull, max } from "drizzle-orm";
import { catalogueChanges, songs } from "@jplay/schema/tables";
import type { CatalogueChange, DeliveryFeedPage, FeedQuery } from "@jplay/schema/provider-feed";
import type { Db } from "../db";
import { badRequest } from "../errors";
import type { mediaLinkSigner } from "./provider-media-links";

type SignMediaLink = Awaited<ReturnType<typeof mediaLinkSigner>>;

export async function readDeliveryFeed(db: Db, { since, limit }: FeedQuery, signLink: SignMediaLink): Promise<DeliveryFeedPage> {
  const rows = await db
    .select({
      seq: catalogueChanges.seq,
      kind: catalogueChanges.kind,
      songId: catalogueChanges.songId,
      at: catalogueChanges.at,
      title: songs.title,
      artist: songs.artistName,
      explicit: songs.explicit,
      durationMs: songs.durationMs,
      priceCents: songs.priceCents,
      coverKey: songs.coverKey,
    })
    .from(catalogueChanges)
    .innerJoin(songs, eq(songs.id, catalogueChanges.songId))
    .where(gt(catalogueChanges.seq, since))
    .orderBy(asc(catalogueChanges.seq))
    // One more than asked: whether it exists is `hasMore`.
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  if (page.length === 0 && since > 0) await refuseCursorPastTheEnd(db, since);

  const changes = await Promise.all(
    page.map(async (row): Promise<CatalogueChange> => {
      const change = { cursor: String(row.seq), kind: row.kind, songId: row.songId, at: new Date(row.at).toISOString() };
      if (change.kind === "takedown") return { ...change, kind: "takedown" };
      return {
        ...change,
        kind: "release",
        title: row.title,
        artist: row.artist,
        explicit: row.explicit,
        durationMs: row.durationMs,
        priceCents: row.priceCents,
        audioUrl: await signLink(row.songId, "audio"),
        coverUrl: row.coverKey ? await signLink(row.songId, "cover") : null,
      };
    }),
  );
  return { changes, nextCursor: page.length > 0 ? String(page.at(-1)!.seq) : String(since), hasMore: rows.length > limit };
}

/**
 * A cursor past the feed's last change was never given out by this feed (seq only grows): reading on
 * from it would silently skip whatever comes next, so it is refused.
 */
async function refuseCursorPastTheEnd(db: Db, since: number): Promise<void> {
  const [row] = await db.select({ last: max(catalogueChanges.seq) }).from(catalogueChanges);
  const last = row?.last ?? null;
  if (last === null || since > last) {
    throw badRequest(`since=${since} is past the end of the feed (its last change is ${last ?? 0}): use a cursor this feed gave you, or 0 to read from the start`);
  }
}

/**
 * The media keys of a song the provider may fetch: released and not taken down. Anything else is
 * answered as absent, whatever link the caller holds.
 */
export async function findReleasedSongMedia(db: Db, songId: string): Promise<{ audioKey: string; coverKey: string | null } | undefined> {
  const [song] = await db
    .select({ audioKey: songs.audioKey, coverKey: songs.coverKey })
    .from(songs)
    .where(and(eq(songs.id, songId), eq(songs.status, "distributed"), isNull(songs.takenDownAt)))
    .limit(1);
  return song;
}
