/**
 * The sales reports at the size the goals name (docs/decisions/101-sales-reports.md): an artist with
 * 50 songs and a sale of each every day for three years (54,750 purchases over 20 facilities in 5
 * states, with their ledger transactions), and an artist with 100,000 sales in one year, seeded into
 * the throw-away server's local D1. Then `GET /api/artist/{token}/sales` for the whole three years by
 * day, week and month and narrowed to one song, timed from loopback (p50 / p95; goal ≤ 100 ms at the
 * Worker), and the year's exports (`statements/{YYYY}.csv` in DistroKid's columns and `.dsr`) of the
 * second artist: wall time (goal ≤ 5 s), bytes, rows, and workerd's RSS sampled every 20 ms while each
 * streams (goal: flat, not growing with the file). Answers checked: totals equal the seeded sales.
 * The reports read the sales rollup (docs/decisions/104-sales-rollup.md); the seeded sales are rolled
 * up by the statements its migration runs for sales recorded before it existed.
 *
 * Last, the JavaScript the report adds to the artist page: its own chunk and the chart's, as built in
 * apps/web/dist (gzip -9; goal ≤ 25 KiB, loaded on the artist page only).
 *
 *   node bench/sales-reports.ts [--requests 20]
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { runWrangler } from "../scripts/wrangler-env.ts";
import { numberFlag } from "./lib/args.ts";
import { findWorkerd, rssBytes } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const requests = numberFlag("requests", 20);
const DAY = 86_400_000;
const DAYS = 1095;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const first = today - (DAYS - 1) * DAY;
const EXPORT_YEAR = new Date().getUTCFullYear() - 1;
const EXPORT_SALES = 100_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const token = () => randomBytes(32).toString("base64url");
const hash = (value: string) => createHash("sha256").update(value).digest("hex");
const pageToken = token();
const exportToken = token();

/** A purchase and its balanced `purchase` transaction (199 = 40 to the platform + 159 to the artist). */
const purchasesSql = (artist: string, source: string) => `
INSERT INTO purchases (id, song_id, price_cents, purchased_at, listener_id, facility_id) SELECT pid, song, 199, at, listener, facility FROM (${source});
INSERT INTO ledger_transactions (id, kind, ref, created_at) SELECT 't-' || pid, 'purchase', pid, at FROM (${source});
INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at) SELECT 'e1-' || pid, 't-' || pid, 'provider:receivable', NULL, -199, at FROM (${source});
INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at) SELECT 'e2-' || pid, 't-' || pid, 'platform:revenue', NULL, 40, at FROM (${source});
INSERT INTO ledger_entries (id, transaction_id, account, artist_id, amount_cents, created_at) SELECT 'e3-' || pid, 't-' || pid, 'artist:${artist}:available', '${artist}', 159, at FROM (${source});`;

/** The migration's closing statements: every recorded sale summed into `sales_days`, then `sales_months`. */
const migration = await readFile(new URL("../schema/migrations/0037_sales_days.sql", import.meta.url), "utf8");
const ROLLUP_SQL = migration.slice(migration.indexOf("-- Every sale recorded before the rollup existed")).replaceAll("--> statement-breakpoint", "");

const SEED_SQL = `
INSERT INTO artists (id, payment_frequency) VALUES ('rep-artist', 'weekly'), ('exp-artist', 'weekly');
INSERT INTO artist_links (id, artist_id, token_hash) VALUES ('rep-link', 'rep-artist', '${hash(pageToken)}'), ('exp-link', 'exp-artist', '${hash(exportToken)}');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO facilities (id, name, state) SELECT 'rep-fac-' || i, 'Unit ' || i, substr('TXCAFLGAOH', ((i % 5) * 2) + 1, 2) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
INSERT INTO songs (id, artist_id, title, artist_name, status, price_cents, audio_key, isrc, upc)
SELECT 'rep-song-' || i, 'rep-artist', 'Report ' || i, 'Report Artist', 'distributed', 199, 'songs/rep-' || i || '/audio.mp3', 'QZJP' || printf('%08d', i), NULL FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
INSERT INTO songs (id, artist_id, title, artist_name, status, price_cents, audio_key, isrc, upc)
SELECT 'exp-song-' || i, 'exp-artist', 'Export ' || i, 'Export Artist', 'distributed', 199, 'songs/exp-' || i || '/audio.mp3', 'QZJX' || printf('%08d', i), NULL FROM n;
${purchasesSql(
  "rep-artist",
  `WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < ${DAYS - 1}), s(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM s WHERE j < 50)
   SELECT 'rep-' || i || '-' || j AS pid, 'rep-song-' || j AS song, ${first} + i * ${DAY} + 43200000 AS at,
     'rep-listener-' || printf('%06d', (i * 50 + j) % 997) || '-abcdefgh' AS listener, 'rep-fac-' || ((j % 20) + 1) AS facility FROM d, s`,
)}
${purchasesSql(
  "exp-artist",
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EXPORT_SALES})
   SELECT 'exp-' || i AS pid, 'exp-song-' || ((i % 10) + 1) AS song, ${Date.UTC(EXPORT_YEAR, 0, 1)} + i * 315000 AS at, NULL AS listener, 'rep-fac-' || ((i % 20) + 1) AS facility FROM n`,
)}
`;

interface Report {
  total: { units: number; grossCents: number };
  series: unknown[];
}

await withSession(async ({ server }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-sales-seed-"));
  try {
    const file = path.join(folder, "seed.sql");
    await writeFile(file, SEED_SQL + ROLLUP_SQL);
    const seeded = performance.now();
    await runWrangler(["d1", "execute", "jplay", "--local", "--persist-to", server.persistDir, "--file", file]);
    console.error(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const base = `${server.baseURL}/api/artist/${pageToken}/sales`;
  const rows: string[][] = [];
  const queries: Array<[string, string, number]> = [
    ["3 years by day", `?period=day&from=${iso(first)}&to=${iso(today)}`, DAYS * 50],
    ["3 years by week", `?period=week&from=${iso(first)}&to=${iso(today)}`, DAYS * 50],
    ["3 years by month", `?period=month&from=${iso(first)}&to=${iso(today)}`, DAYS * 50],
    ["3 years, one song, by day", `?period=day&from=${iso(first)}&to=${iso(today)}&songId=rep-song-7`, DAYS],
    ["last 30 days (the page's first read)", "", 30 * 50],
  ];
  for (const [name, query, units] of queries) {
    const times: number[] = [];
    for (let i = 0; i < requests + 2; i++) {
      const started = performance.now();
      const answer = await fetch(base + query);
      const report = await answer.json<Report>();
      if (answer.status !== 200 || report.total.units !== units || report.total.grossCents !== units * 199)
        throw new Error(`${name}: ${answer.status} ${JSON.stringify(report).slice(0, 200)}`);
      if (i >= 2) times.push(performance.now() - started);
    }
    rows.push([name, String(units), median(times).toFixed(0), percentile(times, 95).toFixed(0)]);
  }
  printTable(`Artist sales report, ${requests} requests each from loopback (after 2 warm-ups)`, ["query", "units", "p50 ms", "p95 ms"], rows);

  const workerd = findWorkerd(server.pid);
  const exports: string[][] = [];
  for (const kind of ["csv", "dsr"]) {
    const before = rssBytes(workerd);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(workerd))), 20);
    const started = performance.now();
    const answer = await fetch(`${server.baseURL}/api/artist/${exportToken}/statements/${EXPORT_YEAR}.${kind}`);
    const text = await answer.text();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (answer.status !== 200) throw new Error(`${kind}: ${answer.status} ${text.slice(0, 200)}`);
    const lines = text.trimEnd().split(/\r?\n/);
    const units =
      kind === "csv"
        ? lines.slice(1).reduce((sum, line) => sum + Number(/^(?:"[^"]*",){7}"(\d+)"/.exec(line)![1]), 0)
        : lines.filter((line) => line.startsWith("SY01.01\t")).reduce((sum, line) => sum + Number(line.split("\t")[8]), 0);
    if (units !== EXPORT_SALES) throw new Error(`${kind}: ${units} units, not ${EXPORT_SALES}`);
    exports.push([
      kind,
      String(EXPORT_SALES),
      String(lines.length),
      (text.length / 1024).toFixed(0),
      seconds.toFixed(2),
      ((peak - before) / 1024 / 1024).toFixed(1),
    ]);
  }
  printTable(`A year's exports of ${EXPORT_SALES} sales`, ["file", "sales", "lines", "KiB", "seconds", "workerd RSS growth MiB"], exports);
});

const assets = new URL("../apps/web/dist/assets/", import.meta.url);
const chunks = (await readdir(assets)).filter((name) => /^sales-(report|chart)-[\w-]+\.js$/.test(name)).sort();
if (chunks.length !== 2) throw new Error(`expected the sales-report and sales-chart chunks in apps/web/dist/assets, found ${chunks.join(", ") || "none"}`);
const weights = await Promise.all(chunks.map(async (name) => [name, gzipSync(await readFile(new URL(name, assets)), { level: 9 }).length] as const));
printTable(
  "JavaScript the sales report adds to the artist page (gzip -9)",
  ["chunk", "bytes"],
  [...weights.map(([name, bytes]) => [name, String(bytes)]), ["total", `${weights.reduce((sum, [, bytes]) => sum + bytes, 0)} (goal ≤ ${25 * 1024})`]],
);
