/**
 * Writes the demo catalogue (14 distributed songs, each by its own demo artist, purchases credited in
 * the ledger, MP3s, covers and their WebP sizes, the two videos, two facilities) into D1 and R2 idempotently: rows are
 * upserted under fixed ids, purchases recorded and credited through the same statements and ledger
 * rules the provider's purchase reports use (schema/src/purchase-credit.ts,
 * schema/src/ledger-postings.ts, run by schema/src/sql-batch.ts), objects rendered and uploaded only
 * when missing, so a second run changes nothing. What operators decide is theirs: the featured song is
 * set only when the songs are first written, and a demo facility only when it is missing, so the next
 * `pnpm dev` keeps an operator's choice. Node only (reads the committed videos), with getPlatformProxy() bindings.
 */
import { readFile } from "node:fs/promises";
import { COVER_SIZE_TYPE, COVER_WIDTHS, coverSizeKey } from "../../schema/src/cover-sizes.ts";
import { purchaseCreditStatements, type CreditablePurchase } from "../../schema/src/purchase-credit.ts";
import { salesRollupRefresh } from "../../schema/src/sales-days.ts";
import { runSqlBatch } from "../../schema/src/sql-batch.ts";
import { songSearchEntry } from "../../schema/src/song-search-index.ts";
import { NO_LYRICS_LANGUAGE } from "../../schema/src/release-metadata.ts";
import { DEMO_SONGS, DISTRIBUTION_DELAY_MS, PURCHASES_UNTIL, type DemoSong } from "./catalogue.ts";
import { makeCoverSizes, type CoverSize } from "../../workers/api/src/distribution/make-cover-sizes.ts";
import { loadCoverWasm } from "./cover-wasm.ts";
import { renderCoverJpeg } from "./render-cover.ts";
import { renderMp3s } from "./render-pool.ts";
import { prng } from "./prng.ts";

// Minimal structural views of the Cloudflare bindings: just what this module calls. The real
// D1Database / R2Bucket (from getPlatformProxy or a Worker env) satisfy them.
interface D1Result {
  meta: { changes?: number };
}
interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
}
interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Result[]>;
}
interface R2Bucket {
  head(key: string): Promise<object | null>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string; cacheControl?: string } }): Promise<unknown>;
}

/** The same values the API serves these objects with (workers/api/src/routes). */
const SONG_MEDIA_CACHE = "public, max-age=31536000, immutable";
const VIDEO_CACHE = "public, max-age=86400";

/** Purchases recorded and credited per D1 batch (the provider's report limit). */
const PURCHASES_PER_BATCH = 500;

export const audioKey = (songId: string): string => `songs/${songId}/audio.mp3`;
export const coverKey = (songId: string): string => `songs/${songId}/cover.jpg`;

/** One demo artist per demo song (no card, no Stripe account: their balances are held). */
export const demoArtistId = (songId: string): string => songId.replace(/^de300000/, "de3a0000");

const ARTIST_UPSERT = `
INSERT INTO artists (id, phone, payment_frequency, created_at)
VALUES (?1, ?2, ?3, ?4)
ON CONFLICT(id) DO UPDATE SET phone = excluded.phone, payment_frequency = excluded.payment_frequency
WHERE artists.phone IS NOT excluded.phone OR artists.payment_frequency IS NOT excluded.payment_frequency`;

const SONG_UPSERT = `
INSERT INTO songs (id, artist_id, title, artist_name, price_cents, status, audio_key, cover_key, featured_at, distributed_at, created_at,
  explicit, reviewed_at, reviewed_by, genre, lyrics_language, instrumental, release_date, p_line_year, p_line_holder, c_line_year, c_line_holder, lyrics)
VALUES (?1, ?10, ?2, ?3, ?4, 'distributed', ?5, ?6, ?7, ?8, ?9, ?11, ?8, 'demo seed', ?12, ?16, ?17, ?13, ?14, ?3, ?14, ?3, ?15)
ON CONFLICT(id) DO UPDATE SET
  genre = excluded.genre,
  lyrics = excluded.lyrics,
  lyrics_language = excluded.lyrics_language,
  instrumental = excluded.instrumental,
  release_date = excluded.release_date,
  p_line_year = excluded.p_line_year,
  p_line_holder = excluded.p_line_holder,
  c_line_year = excluded.c_line_year,
  c_line_holder = excluded.c_line_holder,
  artist_id = excluded.artist_id,
  title = excluded.title,
  artist_name = excluded.artist_name,
  price_cents = excluded.price_cents,
  status = excluded.status,
  audio_key = excluded.audio_key,
  cover_key = excluded.cover_key,
  distributed_at = excluded.distributed_at,
  created_at = excluded.created_at,
  explicit = excluded.explicit,
  reviewed_at = coalesce(songs.reviewed_at, excluded.reviewed_at),
  reviewed_by = coalesce(songs.reviewed_by, excluded.reviewed_by)
WHERE songs.artist_id IS NOT excluded.artist_id
   OR songs.title IS NOT excluded.title
   OR songs.artist_name IS NOT excluded.artist_name
   OR songs.price_cents IS NOT excluded.price_cents
   OR songs.status IS NOT excluded.status
   OR songs.audio_key IS NOT excluded.audio_key
   OR songs.cover_key IS NOT excluded.cover_key
   OR songs.distributed_at IS NOT excluded.distributed_at
   OR songs.created_at IS NOT excluded.created_at
   OR songs.explicit IS NOT excluded.explicit
   OR songs.genre IS NOT excluded.genre
   OR songs.lyrics_language IS NOT excluded.lyrics_language
   OR songs.lyrics IS NOT excluded.lyrics
   OR songs.instrumental IS NOT excluded.instrumental
   OR songs.release_date IS NOT excluded.release_date
   OR songs.p_line_year IS NOT excluded.p_line_year
   OR songs.p_line_holder IS NOT excluded.p_line_holder
   OR songs.c_line_year IS NOT excluded.c_line_year
   OR songs.c_line_holder IS NOT excluded.c_line_holder
   OR songs.reviewed_at IS NULL`;

/**
 * A demo song's credits: its artist performs and composed it, and the demo studio produced it.
 * Replaced whole when they differ from these, so a second run changes nothing.
 */
const demoCredits = (song: DemoSong) => [
  { name: song.artistName, role: "performer" },
  { name: song.artistName, role: "composer" },
  { name: "JPlay Demo Studio", role: "producer" },
];
const CREDITS_CLEAR = `
DELETE FROM song_credits WHERE song_id = ?1
  AND (SELECT json_group_array(json_object('name', name, 'role', role)) FROM (SELECT name, role FROM song_credits WHERE song_id = ?1 ORDER BY position)) IS NOT ?2`;
const CREDITS_INSERT = `
INSERT INTO song_credits (song_id, position, name, role)
SELECT ?1, credit.key, json_extract(credit.value, '$.name'), json_extract(credit.value, '$.role') FROM json_each(?2) AS credit
WHERE NOT EXISTS (SELECT 1 FROM song_credits WHERE song_id = ?1)`;

/** The demo facilities: a tablet opens `/?facility=<id>` (docs/decisions/051-facilities-and-clean-catalogue.md). */
export const DEMO_FACILITIES = [
  { id: "demo-federal", name: "Federal Correctional Institution Demo Ridge", state: "TX", cleanOnly: true },
  { id: "demo-county", name: "Demo County Jail", state: "OH", cleanOnly: false },
] as const;

const FACILITY_INSERT = `
INSERT INTO facilities (id, name, state, clean_only) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(id) DO NOTHING`;

/** A demo song's release in the provider's delivery feed, written once. */
const RELEASE_INSERT = `
INSERT INTO catalogue_changes (song_id, kind, at)
SELECT ?1, 'release', ?2 WHERE NOT EXISTS (SELECT 1 FROM catalogue_changes WHERE song_id = ?1)`;

interface PurchaseRow {
  id: string;
  songId: string;
  priceCents: number;
  purchasedAt: number;
}

/**
 * `song.purchases` rows with ids `<songId>-p<n>`, spread from an hour after distribution to
 * PURCHASES_UNTIL, denser early on (a release sells most in its first weeks). Whole seconds.
 */
export function demoPurchases(song: DemoSong): PurchaseRow[] {
  const rand = prng(song.music.seed * 7919 + 1);
  const from = song.createdAt + DISTRIBUTION_DELAY_MS + 60 * 60 * 1000;
  const span = PURCHASES_UNTIL - from;
  const rows: PurchaseRow[] = [];
  for (let n = 1; n <= song.purchases; n++) {
    const fraction = (n - 1 + rand()) / song.purchases;
    const at = from + span * fraction ** 1.6;
    rows.push({ id: `${song.id}-p${n}`, songId: song.id, priceCents: song.priceCents, purchasedAt: Math.floor(at / 1000) * 1000 });
  }
  return rows;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const sumChanges = (results: D1Result[]): number => results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);

/**
 * Idempotent demo seed. Returns the demo songs and purchase rows present after the run (always 14 and
 * the sum of the songs' purchase counts) and how many R2 objects this run uploaded (0 on a re-run).
 * Logs one line per step, and one per object written. `audioRendering`: the songs' MP3s, already being
 * rendered (`renderMp3s`) by a caller that knows the state is new; used for the songs missing audio.
 */
export async function seedDemo(
  env: { DB: D1Database; MEDIA: R2Bucket },
  log: (line: string) => void = () => {},
  audioRendering?: Map<string, Promise<Uint8Array>>,
): Promise<{ songs: number; purchases: number; objectsWritten: number }> {
  const { DB, MEDIA } = env;

  // 1. Artists, then songs (songs.artist_id references artists.id; purchases.song_id references songs.id).
  const artistStatements = DEMO_SONGS.map((song, index) =>
    DB.prepare(ARTIST_UPSERT).bind(demoArtistId(song.id), `+1 555 014 ${String(1001 + index)}`, index % 2 === 0 ? "weekly" : "daily", song.createdAt),
  );
  const artistChanges = sumChanges(await DB.batch(artistStatements));
  log(`artists: ${DEMO_SONGS.length} demo artists, ${artistChanges} inserted or corrected`);

  const songStatements = DEMO_SONGS.map((song) =>
    DB.prepare(SONG_UPSERT).bind(
      song.id,
      song.title,
      song.artistName,
      song.priceCents,
      audioKey(song.id),
      coverKey(song.id),
      song.featured ? song.createdAt : null,
      song.createdAt + DISTRIBUTION_DELAY_MS,
      song.createdAt,
      demoArtistId(song.id),
      song.explicit ? 1 : 0,
      song.genre,
      new Date(song.createdAt + DISTRIBUTION_DELAY_MS).toISOString().slice(0, 10),
      new Date(song.createdAt).getUTCFullYear(),
      song.lyrics?.text ?? null,
      song.lyrics?.language ?? NO_LYRICS_LANGUAGE,
      song.lyrics ? 0 : 1,
    ),
  );
  const songChanges = sumChanges(await DB.batch(songStatements));
  const creditRowChanges = sumChanges(
    await DB.batch(
      DEMO_SONGS.flatMap((song) => {
        const credits = JSON.stringify(demoCredits(song));
        return [DB.prepare(CREDITS_CLEAR).bind(song.id, credits), DB.prepare(CREDITS_INSERT).bind(song.id, credits)];
      }),
    ),
  );
  log(`credits: ${creditRowChanges} demo credit rows written or replaced`);
  log(`songs: ${DEMO_SONGS.length} demo songs, ${songChanges} inserted or corrected`);
  // Each song's search entry, rewritten from its row and credits as the upload writes it.
  await runSqlBatch(
    DB,
    DEMO_SONGS.flatMap((song) => songSearchEntry(song.id)),
  );
  const releases = [...DEMO_SONGS].sort((a, b) => a.createdAt - b.createdAt);
  const releaseChanges = sumChanges(await DB.batch(releases.map((song) => DB.prepare(RELEASE_INSERT).bind(song.id, song.createdAt + DISTRIBUTION_DELAY_MS))));
  log(`delivery feed: ${releaseChanges} demo releases recorded`);
  const facilityChanges = sumChanges(
    await DB.batch(DEMO_FACILITIES.map((facility) => DB.prepare(FACILITY_INSERT).bind(facility.id, facility.name, facility.state, facility.cleanOnly ? 1 : 0))),
  );
  log(`facilities: ${DEMO_FACILITIES.length} demo facilities, ${facilityChanges} inserted`);

  // 2. Purchases, each recorded and credited to its artist at most once (the demo songs have no
  //    recorded split, so the standard package's applies), one D1 batch per 500 purchases.
  const purchases = DEMO_SONGS.flatMap(demoPurchases);
  const creditable: CreditablePurchase[] = purchases.map((row) => ({
    purchaseId: row.id,
    songId: row.songId,
    artistId: demoArtistId(row.songId),
    priceCents: row.priceCents,
    purchasedAt: row.purchasedAt,
    revenueSplitBps: null,
  }));
  let purchaseChanges = 0;
  let creditChanges = 0;
  for (const chunk of chunks(creditable, PURCHASES_PER_BATCH)) {
    const { statements } = purchaseCreditStatements(chunk, Date.now());
    // The sales reports' rollup, summed in the same batch (schema/src/sales-days.ts).
    const rollup = salesRollupRefresh(chunk.map((purchase) => purchase.purchaseId));
    const [inserted, credited] = await runSqlBatch(DB, [...statements, ...rollup]);
    purchaseChanges += inserted?.meta.changes ?? 0;
    creditChanges += credited?.meta.changes ?? 0;
  }
  log(`purchases: ${purchases.length} demo purchases, ${purchaseChanges} inserted, ${creditChanges} credited to their artists`);

  // 3. R2 objects, each rendered (or read) and uploaded only when missing. Missing MP3s render on
  //    worker threads while this thread paints and uploads the covers, their sizes and the videos,
  //    then the MP3s. A cover's sizes are made from the stored cover by the pipeline's own code
  //    (workers/api/src/distribution/make-cover-sizes.ts), as the distribution job makes them.
  type PendingObject = { key: string; contentType: string; cacheControl: string; make: () => Uint8Array | Promise<Uint8Array> };
  const sizeKeys = (song: DemoSong) => COVER_WIDTHS.map((width) => coverSizeKey(coverKey(song.id), width));
  const keys = [...DEMO_SONGS.flatMap((s) => [audioKey(s.id), coverKey(s.id), ...sizeKeys(s)]), "videos/promo.mp4", "videos/success.mp4"];
  const exists = new Map(await Promise.all(keys.map(async (key) => [key, (await MEDIA.head(key)) !== null] as const)));

  const songsMissingAudio = DEMO_SONGS.filter((song) => !exists.get(audioKey(song.id)));
  const rendered = audioRendering ?? renderMp3s(songsMissingAudio);
  const objects: PendingObject[] = [];
  for (const song of DEMO_SONGS) {
    if (exists.get(coverKey(song.id))) continue;
    objects.push({ key: coverKey(song.id), contentType: "image/jpeg", cacheControl: SONG_MEDIA_CACHE, make: () => renderCoverJpeg(song) });
  }
  const songsMissingSizes = DEMO_SONGS.filter((song) => sizeKeys(song).some((key) => !exists.get(key)));
  const coverWasm = songsMissingSizes.length > 0 ? loadCoverWasm() : undefined;
  for (const song of songsMissingSizes) {
    // Made once per song, after its cover is stored (the objects are written in order).
    let sizes: Promise<CoverSize[]> | undefined;
    const sizesOfStoredCover = async () => {
      const stored = await MEDIA.get(coverKey(song.id));
      const made = await makeCoverSizes(new Uint8Array(await stored!.arrayBuffer()), await coverWasm!);
      if (!made.ok) throw new Error(`demo cover ${coverKey(song.id)}: ${made.reason}`);
      return made.sizes;
    };
    for (const width of COVER_WIDTHS) {
      const key = coverSizeKey(coverKey(song.id), width);
      if (exists.get(key)) continue;
      objects.push({
        key,
        contentType: COVER_SIZE_TYPE,
        cacheControl: SONG_MEDIA_CACHE,
        make: async () => (await (sizes ??= sizesOfStoredCover())).find((size) => size.width === width)!.webp,
      });
    }
  }
  for (const name of ["promo", "success"] as const) {
    if (exists.get(`videos/${name}.mp4`)) continue;
    objects.push({
      key: `videos/${name}.mp4`,
      contentType: "video/mp4",
      cacheControl: VIDEO_CACHE,
      make: async () => new Uint8Array(await readFile(new URL(`./media/${name}.mp4`, import.meta.url))),
    });
  }
  for (const song of songsMissingAudio) {
    objects.push({ key: audioKey(song.id), contentType: "audio/mpeg", cacheControl: SONG_MEDIA_CACHE, make: () => rendered.get(song.id)! });
  }

  let objectsWritten = 0;
  for (const { key, contentType, cacheControl, make } of objects) {
    const started = performance.now();
    const body = await make();
    await MEDIA.put(key, body, { httpMetadata: { contentType, cacheControl } });
    objectsWritten++;
    log(`media: wrote ${key} (${(body.length / 1024).toFixed(1)} KB, ready after ${Math.round(performance.now() - started)} ms)`);
  }
  log(`media: ${objectsWritten} object(s) written, ${keys.length - objectsWritten} already present`);

  return { songs: DEMO_SONGS.length, purchases: purchases.length, objectsWritten };
}
