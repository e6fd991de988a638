/**
 * The demo catalogue against real local D1 and R2 (wrangler's getPlatformProxy, the same state files
 * `wrangler dev` reads): it lands complete, seeding again changes nothing, and an operator's choices
 * (the featured song, a facility's setting) survive the next seed.
 */
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareLocal, seedLocal } from "../local-state.ts";
import { openProductStorage } from "../product-storage.ts";
import { splitSale, PACKAGES } from "../../schema/src/pricing.ts";
import { COVER_WIDTHS, coverSizeKey } from "../../schema/src/cover-sizes.ts";
import { GENRES, NO_LYRICS_LANGUAGE } from "../../schema/src/release-metadata.ts";
import { DEMO_SONGS } from "./catalogue.ts";
import { DEMO_FACILITIES, demoArtistId, demoPurchases, seedDemo } from "./seed-demo.ts";

type Bindings = { DB: D1Database; MEDIA: R2Bucket };

let persistDir: string;
let firstRun: Awaited<ReturnType<typeof seedLocal>>;
/** The bindings over the seeded state, opened once the first seed (as `pnpm dev` runs it) is done. */
let proxy: Awaited<ReturnType<typeof openProductStorage<Bindings>>>;

beforeAll(async () => {
  persistDir = await mkdtemp(path.join(os.tmpdir(), "jplay-seed-test-"));
  // A new state folder, as the browser tests and benchmarks prepare theirs (`pnpm dev` migrates with
  // wrangler's own command instead, then runs the same seed).
  firstRun = await prepareLocal(persistDir, () => {}, { fresh: true });
  proxy = await openProductStorage<Bindings>(persistDir);
}, 240_000);

afterAll(async () => {
  await proxy?.dispose();
  await rm(persistDir, { recursive: true, force: true });
});

const withBindings = <T>(use: (env: Bindings) => Promise<T>): Promise<T> => use(proxy.env);

describe("demo catalogue seed", () => {
  it("applies every migration and records each as wrangler does, so wrangler's own command finds none left", async () => {
    const files = readdirSync(path.join(import.meta.dirname, "../../schema/migrations"))
      .filter((name) => name.endsWith(".sql"))
      .sort();
    await withBindings(async ({ DB }) => {
      const { results } = await DB.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
      expect(results.map((row) => row.name)).toEqual(files);
    });
  });

  it("writes at least 12 distributed songs with distinct titles, artists and years, one featured", async () => {
    expect(firstRun.songs).toBeGreaterThanOrEqual(12);
    // Per song its MP3, its cover and the cover's three sizes; and the two videos.
    expect(firstRun.objectsWritten).toBe(firstRun.songs * 5 + 2);
    await withBindings(async ({ DB }) => {
      const { results } = await DB.prepare(
        "SELECT title, artist_name, strftime('%Y', created_at / 1000, 'unixepoch') AS year, featured_at FROM songs WHERE status = 'distributed'",
      ).all<{ title: string; artist_name: string; year: string; featured_at: number | null }>();
      expect(results).toHaveLength(DEMO_SONGS.length);
      expect(new Set(results.map((r) => r.title)).size).toBe(results.length);
      expect(new Set(results.map((r) => r.artist_name)).size).toBe(results.length);
      expect(new Set(results.map((r) => r.year)).size).toBeGreaterThanOrEqual(6);
      expect(results.filter((r) => r.featured_at !== null)).toHaveLength(1);
      const counts = await DB.prepare("SELECT count(*) AS n FROM purchases GROUP BY song_id").all<{ n: number }>();
      expect(new Set(counts.results.map((r) => r.n)).size).toBe(DEMO_SONGS.length);
    });
  });

  it("gives every song full release metadata: a genre from the list, its lyrics and their language or an instrumental's, its release date, ℗ and © by its artist, credits with a composer", async () => {
    await withBindings(async ({ DB }) => {
      const { results } = await DB.prepare(
        `SELECT s.id, s.artist_name, s.genre, s.lyrics, s.lyrics_language, s.instrumental, s.release_date, s.distributed_at, s.p_line_year, s.p_line_holder,
           s.c_line_holder, (SELECT json_group_array(role) FROM song_credits c WHERE c.song_id = s.id) AS roles
         FROM songs s WHERE s.status = 'distributed'`,
      ).all<{
        id: string;
        artist_name: string;
        genre: string;
        lyrics: string | null;
        lyrics_language: string;
        instrumental: number;
        release_date: string;
        distributed_at: number;
        p_line_year: number;
        p_line_holder: string;
        c_line_holder: string;
        roles: string;
      }>();
      expect(results).toHaveLength(DEMO_SONGS.length);
      for (const song of results) {
        expect(GENRES as readonly string[], song.id).toContain(song.genre);
        const lyrics = DEMO_SONGS.find((demo) => demo.id === song.id)!.lyrics;
        expect(song).toMatchObject({ p_line_holder: song.artist_name, c_line_holder: song.artist_name });
        expect(song, song.id).toMatchObject(
          lyrics
            ? { lyrics: lyrics.text, lyrics_language: lyrics.language, instrumental: 0 }
            : { lyrics: null, lyrics_language: NO_LYRICS_LANGUAGE, instrumental: 1 },
        );
        expect(song.release_date).toBe(new Date(song.distributed_at).toISOString().slice(0, 10));
        expect(JSON.parse(song.roles)).toEqual(["performer", "composer", "producer"]);
      }
    });
  });

  it("puts every song in the search index once, with its credits", async () => {
    const indexed = ({ DB }: { DB: D1Database }) =>
      DB.prepare("SELECT d.song_id AS songId, f.title, f.credits FROM song_search f JOIN song_search_docs d ON d.doc = f.rowid ORDER BY d.song_id").all<{
        songId: string;
        title: string;
        credits: string;
      }>();
    const first = (await withBindings(indexed)).results;
    expect(first.map((row) => row.songId)).toEqual(DEMO_SONGS.map((song) => song.id).sort());
    for (const row of first) expect(row.credits).not.toBe("");
    await withBindings(async ({ DB }) => {
      const found = await DB.prepare(
        "SELECT d.song_id AS songId FROM song_search f JOIN song_search_docs d ON d.doc = f.rowid WHERE song_search MATCH 'corazon'",
      ).all<{ songId: string }>();
      expect(found.results.map((row) => row.songId)).toEqual([DEMO_SONGS.find((song) => song.title === "Corazón de Barrio")!.id]);
    });
  });

  it("writes the demo facilities, one clean-only and one not", async () => {
    await withBindings(async ({ DB }) => {
      const { results } = await DB.prepare("SELECT id, state, clean_only FROM facilities ORDER BY id").all<{ id: string; state: string; clean_only: number }>();
      expect(results).toEqual(
        DEMO_FACILITIES.map((f) => ({ id: f.id, state: f.state, clean_only: f.cleanOnly ? 1 : 0 })).sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect(new Set(results.map((r) => r.clean_only))).toEqual(new Set([0, 1]));
    });
  });

  it("gives every song its artist and credits every purchase once: the ledger sums to zero, balances are the artists' shares", async () => {
    await withBindings(async ({ DB }) => {
      const unowned = await DB.prepare("SELECT count(*) AS n FROM songs WHERE artist_id IS NULL").first<number>("n");
      expect(unowned).toBe(0);
      expect(await DB.prepare("SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_entries").first<number>("total")).toBe(0);
      const purchases = await DB.prepare("SELECT count(*) AS n FROM purchases").first<number>("n");
      const credited = await DB.prepare("SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'purchase'").first<number>("n");
      expect(credited).toBe(purchases);
      // Demo songs have no recorded split: the standard package's (2%, provider rounded down).
      for (const song of DEMO_SONGS) {
        const artistId = demoArtistId(song.id);
        const expected = demoPurchases(song).reduce((sum, p) => sum + splitSale(p.priceCents, PACKAGES.standard.revenueSplitBps).artistCents, 0);
        const balance = await DB.prepare("SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_entries WHERE account = ?1")
          .bind(`artist:${artistId}:available`)
          .first<number>("total");
        expect(balance).toBe(expected);
        expect(balance).toBeGreaterThan(0);
      }
    });
  });

  it("stores real MP3s of 20-60 s, small JPEG covers with their WebP sizes and both videos", async () => {
    await withBindings(async ({ MEDIA }) => {
      for (const song of DEMO_SONGS) {
        const audio = await MEDIA.get(`songs/${song.id}/audio.mp3`);
        const bytes = new Uint8Array(await audio!.arrayBuffer());
        expect(audio!.httpMetadata?.contentType).toBe("audio/mpeg");
        // MPEG audio frame sync: 11 set bits.
        expect(bytes[0]).toBe(0xff);
        expect(bytes[1]! & 0xe0).toBe(0xe0);
        // 64 kbps constant bit rate: bytes / 8000 is the duration in seconds.
        const seconds = bytes.length / 8000;
        expect(seconds).toBeGreaterThanOrEqual(20);
        expect(seconds).toBeLessThanOrEqual(60);
        const coverObject = await MEDIA.get(`songs/${song.id}/cover.jpg`);
        expect(coverObject!.httpMetadata?.contentType).toBe("image/jpeg");
        const cover = new Uint8Array(await coverObject!.arrayBuffer());
        // JPEG start-of-image and end-of-image markers; small enough for the home page's budget.
        expect([...cover.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        expect([...cover.slice(-2)]).toEqual([0xff, 0xd9]);
        expect(cover.length).toBeLessThan(24_000);
        // The cover's sizes, as the distribution pipeline makes them: WebP, none wider than the 288 px cover.
        for (const width of COVER_WIDTHS) {
          const sized = await MEDIA.get(coverSizeKey(`songs/${song.id}/cover.jpg`, width));
          expect(sized!.httpMetadata?.contentType).toBe("image/webp");
          const webp = new Uint8Array(await sized!.arrayBuffer());
          expect(new TextDecoder().decode(webp.slice(8, 16))).toBe("WEBPVP8 ");
          // The lossy bitstream's frame header holds the width (14 bits) after a start code.
          expect(new DataView(webp.buffer).getUint16(26, true) & 0x3fff).toBe(Math.min(width, 288));
          expect(webp.length).toBeLessThan(width === 96 ? 4_000 : 24_000);
        }
      }
      for (const video of ["videos/promo.mp4", "videos/success.mp4"]) {
        const head = await MEDIA.head(video);
        expect(head?.httpMetadata?.contentType).toBe("video/mp4");
        expect(head!.size).toBeLessThan(300_000);
      }
    });
  });

  it("changes nothing when run again", async () => {
    const counts = ({ DB }: { DB: D1Database }) =>
      DB.prepare(
        "SELECT (SELECT count(*) FROM purchases) AS purchases, (SELECT count(*) FROM ledger_entries) AS entries, (SELECT count(*) FROM artists) AS artists, (SELECT count(*) FROM facilities) AS facilities, (SELECT count(*) FROM song_search) AS indexed",
      ).first<{ purchases: number; entries: number; artists: number; facilities: number; indexed: number }>();
    const before = await withBindings(counts);
    const secondRun = await seedDemo(proxy.env);
    expect(secondRun.objectsWritten).toBe(0);
    const after = await withBindings(counts);
    expect(after).toEqual(before);
  });

  it("keeps an operator's featured song and facility settings when run again", async () => {
    const chosen = DEMO_SONGS.find((song) => !song.featured)!;
    const clean = DEMO_FACILITIES.find((facility) => facility.cleanOnly)!;
    await withBindings(({ DB }) =>
      DB.batch([
        DB.prepare("UPDATE songs SET featured_at = NULL WHERE featured_at IS NOT NULL"),
        DB.prepare("UPDATE songs SET featured_at = ?1 WHERE id = ?2").bind(Date.now(), chosen.id),
        DB.prepare("UPDATE facilities SET clean_only = 0, name = 'Renamed by an operator' WHERE id = ?1").bind(clean.id),
      ]),
    );
    await seedDemo(proxy.env);
    await withBindings(async ({ DB }) => {
      const featured = await DB.prepare("SELECT id FROM songs WHERE featured_at IS NOT NULL").all<{ id: string }>();
      expect(featured.results.map((row) => row.id)).toEqual([chosen.id]);
      const facility = await DB.prepare("SELECT name, clean_only FROM facilities WHERE id = ?1").bind(clean.id).first();
      expect(facility).toEqual({ name: "Renamed by an operator", clean_only: 0 });
    });
  });
});
