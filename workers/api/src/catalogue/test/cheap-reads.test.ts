/**
 * Reads of the public catalogue that cost a D1 read each time (docs/decisions/088-leaks-and-cheap-reads.md),
 * through the Worker's fetch handler with its D1 statements counted: an artist nobody has, asked again
 * and again, is read once and kept as "not found" (in each asker's language); spellings of one search
 * ("love", "Love", "love!") are one search; and past PUBLIC_READ_BURST_PER_MINUTE reads a minute that
 * the cache cannot answer, one client is refused before D1 while answers from the cache still come.
 * Isolated: it fills the edge cache and a burst's window of its own.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ArtistPageDto } from "@jplay/schema/browse";
import type { SongDto } from "@jplay/schema/song";
import { songSearchEntry } from "@jplay/schema/song-search-index";
import { runSqlBatch } from "@jplay/schema/sql-batch";
import worker from "../../index";
import { purgeCatalogue } from "../edge-cache";
import { countingD1, d1StatementsRun } from "../../platform/d1-statement-count";
import { PUBLIC_READ_BURST_PER_MINUTE, TOO_MANY_REQUESTS } from "../../platform/limits";

const uniqueWord = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
const randomDigits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => String(byte % 10)).join("");
let addressSerial = 0;
/** A client address of its own for each test, so no burst count is shared. */
const newAddress = () => `203.0.113.${++addressSerial}`;

interface Counted {
  status: number;
  body: unknown;
  retryAfter: string | null;
  statements: number;
}

/** GET `path` from `address` (and `language`), answered by the Worker with its D1 statements counted. */
async function getCounted(path: string, address: string, language = "en"): Promise<Counted> {
  const before = d1StatementsRun();
  const ctx = createExecutionContext();
  const headers = { "CF-Connecting-IP": address, "Accept-Language": language };
  const response = await worker.fetch(new Request(`https://jplay.test${path}`, { headers }), { ...env, DB: countingD1(env.DB) }, ctx);
  const body: unknown = await response.json();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body, retryAfter: response.headers.get("Retry-After"), statements: d1StatementsRun() - before };
}

/** A live song straight in D1 with its search entry (as the upload writes them), then the catalogue purged as a delivery purges it. */
async function liveSong(title: string, artistName: string): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into songs (id, title, artist_name, status, audio_key, genre, explicit, release_date, isrc, upc)
     values (?1, ?2, ?3, 'distributed', ?4, 'Pop', 0, '2026-01-01', ?5, ?6)`,
  )
    .bind(id, title, artistName, `songs/${id}/audio.mp3`, `QZS${randomDigits(9)}`, randomDigits(12))
    .run();
  await runSqlBatch(env.DB, songSearchEntry(id));
  await purgeCatalogue();
  return id;
}

const sum = (answers: Counted[]) => answers.reduce((total, answer) => total + answer.statements, 0);

describe("cheap reads reach D1 once", () => {
  it("an artist nobody has, asked five times, is one D1 read; each asker reads the 404 in their language; a song by that name is found at once", async () => {
    const slug = `nobody-${uniqueWord()}`;
    const address = newAddress();
    const answers: Counted[] = [];
    for (const language of ["en", "es", "en", "es", "en"]) answers.push(await getCounted(`/api/artists/${slug}`, address, language));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(answers.map((answer) => answer.statements)).toEqual([1, 0, 0, 0, 0]);
    expect(answers[0]!.body).toEqual({ error: { code: "not_found", message: "No such artist" } });
    expect(answers[1]!.body).toEqual({ error: { code: "not_found", message: "Ese artista no existe" } });
    // A slug no name has ("Love" has a capital) is nobody's page, without any D1 read.
    expect((await getCounted(`/api/artists/${slug.toUpperCase()}`, address)).statements).toBe(0);

    // The catalogue changed: the "not found" of the old catalogue is gone with it.
    const songId = await liveSong(`Song ${uniqueWord()}`, slug.replace("-", " "));
    const found = await getCounted(`/api/artists/${slug}`, address);
    expect(found.status).toBe(200);
    expect((found.body as ArtistPageDto).songs.map((song) => song.id)).toEqual([songId]);
  });

  it("a song or its cover that does not exist, asked again, is one D1 read each", async () => {
    const address = newAddress();
    const missing = crypto.randomUUID();
    const details = [];
    for (let i = 0; i < 3; i++) details.push(await getCounted(`/api/songs/${missing}/details`, address));
    expect(details.map((answer) => [answer.status, answer.statements])).toEqual([
      [404, 1],
      [404, 0],
      [404, 0],
    ]);
    const covers = [];
    for (let i = 0; i < 3; i++) covers.push(await getCounted(`/api/songs/${missing}/cover`, address));
    expect(covers.map((answer) => [answer.status, answer.statements])).toEqual([
      [404, 1],
      [404, 0],
      [404, 0],
    ]);
  });

  it("love, Love and love! (and an accent typed or not) are one search: one D1 read, one answer", async () => {
    const word = uniqueWord();
    const songId = await liveSong(`${word}ó ${uniqueWord()}`, `Artist ${uniqueWord()}`);
    const address = newAddress();
    const spellings = [`${word}ó`, `${word.toUpperCase()}Ó`, `${word}ó!`, `  ${word}o?`];
    const answers: Counted[] = [];
    for (const typed of spellings) answers.push(await getCounted(`/api/songs/search?q=${encodeURIComponent(typed)}`, address));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect((answer.body as SongDto[]).map((song) => song.id)).toEqual([songId]);
    expect(sum(answers)).toBe(1);
    // `limit` said or left to its default is one search too.
    expect((await getCounted(`/api/songs/search?q=${word}o&limit=20`, address)).statements).toBe(0);
  });
});

/** The binding counts in windows of whole wall-clock minutes here (miniflare, like `simple.period = 60`). */
const BURST_WINDOW_MS = 60_000;

describe("a client reading past the cache is refused before D1", () => {
  it(
    `past ${PUBLIC_READ_BURST_PER_MINUTE} reads a minute the cache cannot answer: 429 with Retry-After and no D1 statement; the cache still answers it; another address is served`,
    { timeout: 120_000 },
    async () => {
      // The whole flood in one of the binding's windows: one that might not fit in what is left of this one waits for the next.
      const left = BURST_WINDOW_MS - (Date.now() % BURST_WINDOW_MS);
      if (left < 40_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
      const window = Math.floor(Date.now() / BURST_WINDOW_MS);
      const address = newAddress();
      const prefix = `made-up-${uniqueWord()}`;
      const served: Counted[] = [];
      for (let i = 0; i < PUBLIC_READ_BURST_PER_MINUTE; i++) served.push(await getCounted(`/api/artists/${prefix}-${i}`, address));
      expect(served.every((answer) => answer.status === 404 && answer.statements === 1)).toBe(true);

      for (const path of [
        `/api/artists/${prefix}-past`,
        `/api/songs/search?q=${uniqueWord()}`,
        `/api/songs/${crypto.randomUUID()}/details`,
        "/api/songs/genres",
      ]) {
        const refused = await getCounted(path, address);
        expect(refused, path).toEqual({ status: 429, body: { error: { code: "rate_limited", message: TOO_MANY_REQUESTS } }, retryAfter: "60", statements: 0 });
      }
      // An answer the cache holds (here, a "not found") is not a read of D1, and is not refused.
      expect(await getCounted(`/api/artists/${prefix}-0`, address)).toMatchObject({ status: 404, statements: 0 });
      // Another client is served.
      expect(await getCounted(`/api/artists/${prefix}-past`, newAddress())).toMatchObject({ status: 404, statements: 1 });
      expect(Math.floor(Date.now() / BURST_WINDOW_MS), "the flood fitted in one window of the binding").toBe(window);
    },
  );
});
