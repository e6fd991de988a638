/**
 * Everything Home asks of the catalogue, for every scope, read with one D1 query: the first 100 songs
 * of the popular and recent lists in the full and in the clean catalogue, the featured song, and every
 * facility's clean-only flag. The edge cache keeps it per catalogue generation
 * (catalogue/edge-cache.ts), so the lists of every scope variant cost one query between two changes to
 * the catalogue (docs/decisions/032-edge-cache.md). The popular order reads each song's running
 * purchase count (songs.purchase_count, kept by the batch that records purchases), never the purchases. The orders and the rule of what is public are those
 * of docs/product.md (Data): most purchased first, newest among equals; newest to join first; only
 * distributed songs not taken down whose release date has come; a clean scope leaves out explicit and
 * unanswered songs. A clean (edited) version of a song is listed in the clean scope only: the full
 * catalogue lists its explicit original instead (docs/decisions/042-release-identifiers-and-metadata.md).
 */
import { sql } from "drizzle-orm";
import type { SongDto } from "@jplay/schema/song";
import type { Ctx } from "../platform/context";
import { RELEASED_BY_TODAY, toSongDto } from "./catalogue";
import type { CatalogueScope, FacilityLookup } from "./catalogue-scope";
import { cachedValue } from "./edge-cache";
import { EXCLUDED_PAIRS } from "./facility-exclusions";

/** The longest list a listener call may ask for (catalogue/routes/songs.ts). */
export const SNAPSHOT_LIST_LENGTH = 100;

interface SnapshotSong {
  id: string;
  title: string;
  artistName: string;
  coverKey: string | null;
  createdAt: number;
  priceCents: number;
  explicit: boolean | null;
  featuredAt: number | null;
  /**
   * 1-based places; 0 when the song is not in that list. Rows past a list's length are read only when
   * a facility keeps songs out (or for the featured song): sorted by place and cut at the limit, each
   * scope's list is whole.
   */
  popular: number;
  recent: number;
  popularClean: number;
  recentClean: number;
}

export interface CatalogueSnapshot {
  songs: SnapshotSong[];
  /** Facility id → clean only. */
  facilities: Record<string, boolean>;
  /** Facility id → the live songs it keeps out (held or blocked, catalogue/facility-exclusions.ts). */
  excluded: Record<string, string[]>;
}

const ORDER_POPULAR = sql.raw("purchase_count desc, created_at desc");
const ORDER_RECENT = sql.raw("coalesce(distributed_at, created_at) desc, created_at desc");
const LENGTH = SNAPSHOT_LIST_LENGTH;
// A facility that keeps songs out (`excluded`) still lists its first LENGTH: each list is read as far
// past LENGTH as the most songs one facility keeps out (`spare`).

/** Raw SQL (docs/decisions/030-one-way-per-thing.md): window functions and a JSON object drizzle's builder cannot say. */
const SNAPSHOT_SQL = sql`
with excluded as (${EXCLUDED_PAIRS}),
spare as (select coalesce(max(n), 0) as n from (select count(*) as n from excluded group by facility_id)),
live as (
  select s.id, s.title, s.artist_name, s.cover_key, s.created_at, s.distributed_at, s.price_cents, s.explicit, s.featured_at,
    s.purchase_count, coalesce(s.explicit = 0, 0) as clean, (s.clean_version_of is not null) as edited
  from songs s
  where s.status = 'distributed' and s.taken_down_at is null and s.release_date <= ${RELEASED_BY_TODAY}),
ranked as (
  select *,
    row_number() over (partition by edited order by ${ORDER_POPULAR}) as popular,
    row_number() over (partition by edited order by ${ORDER_RECENT}) as recent,
    row_number() over (partition by clean order by ${ORDER_POPULAR}) as popular_in_kind,
    row_number() over (partition by clean order by ${ORDER_RECENT}) as recent_in_kind
  from live)
select f.facilities, x.excluded, r.*
from (select json_group_object(id, clean_only) as facilities from facilities) f
cross join (select coalesce(json_group_object(facility_id, json(ids)), '{}') as excluded from (select facility_id, json_group_array(song_id) as ids from excluded group by facility_id)) x
cross join spare
left join ranked r on (r.edited = 0 and (r.popular <= ${LENGTH} + spare.n or r.recent <= ${LENGTH} + spare.n))
  or (r.clean = 1 and (r.popular_in_kind <= ${LENGTH} + spare.n or r.recent_in_kind <= ${LENGTH} + spare.n)) or r.featured_at is not null`;

interface SnapshotRow {
  facilities: string;
  excluded: string;
  id: string | null;
  title: string;
  artist_name: string;
  cover_key: string | null;
  created_at: number;
  price_cents: number;
  explicit: number | null;
  featured_at: number | null;
  clean: number;
  /** 1 for a clean version: its places in the full lists do not count. */
  edited: number;
  popular: number;
  recent: number;
  popular_in_kind: number;
  recent_in_kind: number;
}

/** The one D1 query. */
export async function readCatalogueSnapshot(ctx: Ctx): Promise<CatalogueSnapshot> {
  const results = await ctx.db.all<SnapshotRow>(SNAPSHOT_SQL);
  const facilities = JSON.parse(results[0]?.facilities ?? "{}") as Record<string, number>;
  return {
    excluded: JSON.parse(results[0]?.excluded ?? "{}") as Record<string, string[]>,
    facilities: Object.fromEntries(Object.entries(facilities).map(([id, cleanOnly]) => [id, cleanOnly === 1])),
    songs: results
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        title: row.title,
        artistName: row.artist_name,
        coverKey: row.cover_key,
        createdAt: row.created_at,
        priceCents: row.price_cents,
        explicit: row.explicit === null ? null : row.explicit === 1,
        featuredAt: row.featured_at,
        popular: row.edited === 1 ? 0 : row.popular,
        recent: row.edited === 1 ? 0 : row.recent,
        popularClean: row.clean === 1 ? row.popular_in_kind : 0,
        recentClean: row.clean === 1 ? row.recent_in_kind : 0,
      })),
  };
}

/** Whether the scope's facility keeps the song out. */
const keptOut = (snapshot: CatalogueSnapshot, scope: CatalogueScope) => {
  const out = new Set(scope.facilityId !== undefined && Object.hasOwn(snapshot.excluded, scope.facilityId) ? snapshot.excluded[scope.facilityId] : []);
  return (song: SnapshotSong) => out.has(song.id);
};

function placed(snapshot: CatalogueSnapshot, place: (song: SnapshotSong) => number, limit: number, scope: CatalogueScope): SongDto[] {
  const out = keptOut(snapshot, scope);
  return snapshot.songs
    .filter((song) => place(song) > 0 && !out(song))
    .sort((a, b) => place(a) - place(b))
    .slice(0, limit)
    .map((song) => toSongDto(song, scope));
}

/** Most purchased first; among equals, the newest. */
export const popularSongs = (snapshot: CatalogueSnapshot, scope: CatalogueScope, limit: number) =>
  placed(snapshot, (song) => (scope.cleanOnly ? song.popularClean : song.popular), limit, scope);

/** Newest to join the catalogue first. */
export const recentSongs = (snapshot: CatalogueSnapshot, scope: CatalogueScope, limit: number) =>
  placed(snapshot, (song) => (scope.cleanOnly ? song.recentClean : song.recent), limit, scope);

/**
 * The song most recently featured (an operator features one at a time), or null when no song of the
 * scope is featured: a taken-down featured song is not in the snapshot, and an explicit one is
 * skipped for a clean scope.
 */
export function featuredSong(snapshot: CatalogueSnapshot, scope: CatalogueScope): SongDto | null {
  const out = keptOut(snapshot, scope);
  const featured = snapshot.songs
    .filter((song) => song.featuredAt !== null && (!scope.cleanOnly || song.explicit === false) && !out(song))
    .sort((a, b) => b.featuredAt! - a.featuredAt!)[0];
  return featured ? toSongDto(featured, scope) : null;
}

/** The snapshot of the catalogue's current generation: read from D1 once per generation and colo (catalogue/edge-cache.ts). */
export const currentCatalogueSnapshot = async (ctx: Ctx): Promise<CatalogueSnapshot> =>
  (await cachedValue("catalogue-snapshot", () => readCatalogueSnapshot(ctx)))!;

/** The snapshot's facilities, as the scope resolver looks one up (undefined: no such facility). */
export const snapshotFacilities =
  (snapshot: CatalogueSnapshot): FacilityLookup =>
  (facility) =>
    Object.hasOwn(snapshot.facilities, facility) ? snapshot.facilities[facility] : undefined;
