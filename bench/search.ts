/**
 * Catalogue search at scale: --songs songs (default 100,000) written straight into the throw-away
 * server's local D1 (`wrangler d1 execute --local`), each public, with a two-word title, an artist, a
 * genre and 24 words of lyrics from a vocabulary of 3,000 made-up words (accented ones among them);
 * "love" is in a third of the songs' lyrics and "amor corazón" in a fifth, as common words are; then
 * every song's search entry is written as an upload writes it (schema/src/song-search-index.ts). Then
 * `GET /api/songs/search?q=` is timed from loopback, each query asked once so none is answered from
 * the edge cache: p50 and p95 per kind of query, every answer checked (200, a list of at most the
 * limit, a title asked for whole found first).
 *
 *   node bench/search.ts [--songs 100000] [--queries 80]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { songSearchEntriesSql } from "../schema/src/song-search-index.ts";
import { runWrangler } from "../scripts/wrangler-env.ts";
import { numberFlag } from "./lib/args.ts";
import { withSession } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const songs = numberFlag("songs", 100_000);
/** At most 81: a common word is asked with each limit from 20 to 100 once. */
const queries = Math.min(81, numberFlag("queries", 80));

const SYLLABLES = ["ka", "lo", "mi", "ta", "ne", "ra", "so", "vi", "du", "pe", "ga", "lu", "ri", "mo", "be", "ci", "fa", "ju", "ño", "zé"];
const VOCABULARY: string[] = [];
for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of SYLLABLES) if (VOCABULARY.length < 3000) VOCABULARY.push(a + b + c);
const V = VOCABULARY.length;
/** Some of the genres an upload may name (GENRES in schema/src/release-metadata.ts, which Node cannot load as it is). */
const GENRES = ["Pop", "Rock", "Hip-Hop/Rap", "R&B/Soul", "Country", "Latin", "Christian & Gospel", "Blues"];
const LYRIC_WORDS = 24;

/** The song numbered i's title words, as the seed SQL picks them. */
const titleWords = (i: number) => [VOCABULARY[(i * 7) % V]!, VOCABULARY[(i * 13 + 5) % V]!];
const lyricPicks = Array.from({ length: LYRIC_WORDS }, (_, k) => `(i * ${2 * k + 3} + ${k * 17}) % ${V}`).join(", ");

const SEED_SQL = `
CREATE TABLE bench_vocabulary (id INTEGER PRIMARY KEY, word TEXT NOT NULL);
INSERT INTO bench_vocabulary (id, word) VALUES ${VOCABULARY.map((word, id) => `(${id}, '${word}')`).join(", ")};
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${songs})
INSERT INTO songs (id, title, artist_name, status, audio_key, genre, lyrics, explicit, release_date, created_at)
SELECT 'bench-song-' || i,
  (SELECT word FROM bench_vocabulary WHERE id = (i * 7) % ${V}) || ' ' || (SELECT word FROM bench_vocabulary WHERE id = (i * 13 + 5) % ${V}),
  'Artist ' || (SELECT word FROM bench_vocabulary WHERE id = (i % 2000) % ${V}),
  'distributed', 'songs/bench-song-' || i || '/audio.mp3',
  CASE i % ${GENRES.length} ${GENRES.map((genre, k) => `WHEN ${k} THEN '${genre}'`).join(" ")} END,
  (SELECT group_concat(word, ' ') FROM bench_vocabulary WHERE id IN (${lyricPicks}))
    || CASE WHEN i % 3 = 0 THEN ' love' ELSE '' END || CASE WHEN i % 5 = 0 THEN ' amor corazón' ELSE '' END,
  i % 4 = 0, '2026-01-01', 1700000000000 + i
FROM n;
DROP TABLE bench_vocabulary;
${songSearchEntriesSql("s.id LIKE 'bench-song-%'")
  .map((statement) => `${statement};`)
  .join("\n")}
`;

const PREFIXES_OF_3 = [...new Set(VOCABULARY.map((word) => word.slice(0, 3)))];

/** A deterministic spread of song numbers over the seeded range. */
const pick = (k: number) => 1 + ((k * 7919) % songs);
const folded = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "");

interface QueryKind {
  name: string;
  /** The k-th query of this kind (no two alike), and the title expected first (when one is). */
  make(k: number): { q: string; limit?: number; firstTitle?: string };
}

const KINDS: QueryKind[] = [
  { name: "title, two words", make: (k) => ({ q: titleWords(pick(k)).join(" "), firstTitle: titleWords(pick(k)).join(" ") }) },
  { name: "one word", make: (k) => ({ q: VOCABULARY[(k * 31) % V]! }) },
  { name: "accents left out", make: (k) => ({ q: folded(VOCABULARY.filter((w) => /[ñé]/.test(w))[k % 1000]!) }) },
  { name: "first 3 letters", make: (k) => ({ q: PREFIXES_OF_3[k % PREFIXES_OF_3.length]!, limit: 20 + Math.floor(k / PREFIXES_OF_3.length) }) },
  { name: "first 2 letters", make: (k) => ({ q: SYLLABLES[k % SYLLABLES.length]!, limit: 20 + Math.floor(k / SYLLABLES.length) }) },
  { name: "common word (love)", make: (k) => ({ q: "love", limit: 20 + (k % 81) }) },
  { name: "two common words", make: (k) => ({ q: "amor love", limit: 20 + (k % 81) }) },
];

await withSession(async ({ server }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-search-seed-"));
  let seedSeconds: number;
  try {
    const file = path.join(folder, "seed.sql");
    await writeFile(file, SEED_SQL);
    const seeding = performance.now();
    await runWrangler(["d1", "execute", "jplay", "--local", "--persist-to", server.persistDir, "--file", file]);
    seedSeconds = (performance.now() - seeding) / 1000;
    console.error(`seeded and indexed ${songs} songs in ${seedSeconds.toFixed(1)} s`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const rows: (string | number)[][] = [];
  for (const kind of KINDS) {
    const timings: number[] = [];
    let found = 0;
    for (let k = 0; k < queries; k++) {
      const { q, limit = 20, firstTitle } = kind.make(k);
      // Each query and limit is asked once: the answer cannot come from the edge cache.
      const url = `${server.baseURL}/api/songs/search?q=${encodeURIComponent(q)}&limit=${limit}`;
      const started = performance.now();
      const answer = await fetch(url);
      const text = await answer.text();
      timings.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${text.slice(0, 200)}`);
      const list = JSON.parse(text) as { id: string; title: string }[];
      if (!Array.isArray(list) || list.length > limit) throw new Error(`${url}: not a list of at most ${limit}`);
      if (firstTitle && list[0]?.title !== firstTitle) throw new Error(`${url}: expected "${firstTitle}" first, got "${list[0]?.title}"`);
      found += list.length;
    }
    rows.push([kind.name, queries, (found / queries).toFixed(1), median(timings).toFixed(1), percentile(timings, 95).toFixed(1)]);
  }
  printTable(
    `Search over ${songs.toLocaleString("en-US")} songs (indexed in ${seedSeconds.toFixed(1)} s), ms at the client on loopback, cache misses`,
    ["query", "asked", "songs per answer", "p50 ms", "p95 ms"],
    rows,
  );
});
