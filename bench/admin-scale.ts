/**
 * Admin at scale: artists with a saved card each, three songs each (one pending, one approved, one
 * distributed; the paid ones with a succeeded payment, one in a hundred pending ones with a charge in
 * flight) and their search entries, written straight into the throw-away server's local D1
 * (`wrangler d1 execute --local --persist-to` its state folder). Then `GET /api/admin/payments` from
 * loopback, each kind of page asked --requests times (answers checked): the first page with the
 * summary counts, a page in the middle of the list (by its cursor), the page after it, and searches —
 * a song's own word, a word every song has, a phone number's digits, a card's last 4. Then sign-in →
 * first row interactive in Chromium. Last, each statement a page sends, with SQLite's
 * `EXPLAIN QUERY PLAN`: the Worker's own code run in Node (bench/lib/worker-in-node.ts) over a copy of
 * the same database, every statement it prepares captured and explained.
 *
 *   node bench/admin-scale.ts [--artists 10000] [--requests 40] [--runs 3] [--plans]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { AdminPaymentsResponse } from "../schema/src/admin.ts";
import { songSearchEntriesSql } from "../schema/src/song-search-index.ts";
import { runWrangler } from "../scripts/wrangler-env.ts";
import { booleanFlag, numberFlag } from "./lib/args.ts";
import { openLocalD1 } from "./lib/local-d1.ts";
import { withSession } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";
import { loadWorkerInNode } from "./lib/worker-in-node.ts";

const artists = numberFlag("artists", 10_000);
const songs = artists * 3;
const requests = numberFlag("requests", 40);
const runs = numberFlag("runs", 3);
const withPlans = !booleanFlag("no-plans");
const T0 = 1_700_000_000_000;

const SEED_SQL = `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artists})
INSERT INTO artists (id, phone, payment_frequency, created_at)
SELECT 'bench-artist-' || i, '+1555' || substr('0000000' || i, -7), 'weekly', ${T0} + i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artists})
INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, fingerprint, is_default, created_at)
SELECT 'bench-pm-' || i, 'bench-artist-' || i, 'pm_bench_' || i, 'visa', substr('0000' || i, -4), 12, 2031, 'fp_bench_' || i, 1, ${T0} + i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${songs})
INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, distribution_fee_cents, created_at)
SELECT 'bench-song-' || i, 'bench-artist-' || (((i - 1) % ${artists}) + 1), 'Bench tune' || i, 'Bench Artist ' || (((i - 1) % ${artists}) + 1),
  CASE i % 3 WHEN 0 THEN 'approved' WHEN 1 THEN 'pending' ELSE 'distributed' END, 'songs/bench-song-' || i || '/audio.mp3',
  CASE i % 3 WHEN 1 THEN NULL ELSE 2999 END, ${T0} + i FROM n;
INSERT INTO payments (id, artist_id, song_id, purpose, amount_cents, status, created_at)
SELECT 'bench-pay-' || s.id, s.artist_id, s.id, 'distribution', 2999,
  CASE WHEN s.status = 'pending' THEN 'processing' ELSE 'succeeded' END, s.created_at
FROM songs s WHERE s.id LIKE 'bench-song-%' AND (s.status <> 'pending' OR substr(s.id, -2) = '01');
${songSearchEntriesSql("s.id LIKE 'bench-song-%'").join(";\n")};
`;

/** The cursor the list gives after `artist` (payments/admin/admin-payments-page.ts): base64url of "createdAt.id". */
const cursorAfter = (i: number) => Buffer.from(`${T0 + i}.bench-artist-${i}`).toString("base64url");

interface Call {
  name: string;
  query: string;
  /** What a right answer holds. */
  check: (body: AdminPaymentsResponse) => boolean;
}

const mid = Math.floor(artists / 2);
const CALLS: Call[] = [
  {
    name: "first page (with the summary)",
    query: "",
    check: (b) => b.payments[0]?.artistId === `bench-artist-${artists}` && (b.summary?.totalArtists ?? 0) >= artists && b.nextCursor !== null,
  },
  {
    name: "a page in the middle (cursor)",
    query: `?cursor=${cursorAfter(mid)}`,
    check: (b) => b.payments[0]?.artistId === `bench-artist-${mid - 1}` && b.payments.length === 100,
  },
  {
    name: "the last page (cursor)",
    query: `?cursor=${cursorAfter(51)}`,
    check: (b) => b.payments.at(-1)?.artistId === "bench-artist-1" && b.nextCursor === null,
  },
  {
    name: "search: one song's word",
    query: `?q=tune${mid * 3}`,
    check: (b) => b.payments.length === 1 && b.payments[0]!.songs.some((s) => s.title === `Bench tune${mid * 3}`),
  },
  { name: "search: a word in every song", query: "?q=bench", check: (b) => b.payments.length === 100 && b.nextCursor !== null },
  {
    name: "search: a phone's digits",
    query: `?q=${encodeURIComponent(`555 ${String(mid).padStart(7, "0")}`)}`,
    check: (b) => b.payments.length === 1 && b.payments[0]!.artistId === `bench-artist-${mid}`,
  },
  { name: "search: a card's last 4", query: "?q=0042", check: (b) => b.payments.length >= 1 && b.payments.every((p) => p.last4 === "0042") },
];

await withSession(async ({ server, browser }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-admin-seed-"));
  try {
    const file = path.join(folder, "seed.sql");
    await writeFile(file, SEED_SQL);
    const seeding = performance.now();
    await runWrangler(["d1", "execute", "jplay", "--local", "--persist-to", server.persistDir, "--file", file]);
    console.error(`seeded ${artists} artists, ${songs} songs in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const signIn = await fetch(`${server.baseURL}/api/admin/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  if (!signIn.ok) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const rows: (string | number)[][] = [];
  for (const call of CALLS) {
    const samples: number[] = [];
    let bytes = 0;
    let records = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const answer = await fetch(`${server.baseURL}/api/admin/payments${call.query}`, { headers: { Cookie: cookie } });
      const text = await answer.text();
      samples.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`GET /api/admin/payments${call.query}: ${answer.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as AdminPaymentsResponse;
      if (!call.check(body)) throw new Error(`GET /api/admin/payments${call.query}: unexpected answer ${text.slice(0, 300)}`);
      bytes = text.length;
      records = body.payments.length;
    }
    rows.push([call.name, median(samples).toFixed(1), percentile(samples, 95).toFixed(1), records, (bytes / 1024).toFixed(0), requests]);
  }

  const interactiveMs: number[] = [];
  const chromium = await browser();
  for (let i = 0; i < runs; i++) {
    const context = await chromium.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseURL}/admin`);
      await page.getByLabel("Password", { exact: true }).fill(server.adminPassword);
      const started = Date.now();
      await page.getByRole("button", { name: "Sign in" }).click();
      await page
        .getByRole("checkbox", { name: /^Select (?!all)/ })
        .first()
        .waitFor({ state: "visible", timeout: 120_000 });
      interactiveMs.push(Date.now() - started);
    } finally {
      await context.close();
    }
  }
  rows.push(["Sign in → first row interactive (Chromium)", median(interactiveMs).toFixed(0), percentile(interactiveMs, 95).toFixed(0), "", "", runs]);

  printTable(
    `Admin at scale: ${artists} artists with a card, ${songs} songs; GET /api/admin/payments from loopback, ms`,
    ["call", "p50", "p95", "records", "KiB", "runs"],
    rows,
  );

  if (withPlans) await printPlans(server.persistDir, server.adminPassword);
});

/**
 * Every statement each kind of page prepares, and SQLite's plan for it: the Worker's own code in Node
 * over a copy of the server's database (the copy takes the sign-in's writes).
 */
async function printPlans(persistDir: string, adminPassword: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-admin-plans-"));
  try {
    const copy = path.join(folder, "copy.sqlite");
    const source = openLocalD1(persistDir, "songs");
    source.exec(`VACUUM INTO '${copy}'`);
    source.close();
    const db = new DatabaseSync(copy);
    const captured: string[] = [];
    const capturing = new Proxy(db, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            captured.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const origin = "http://127.0.0.1:8787";
    const worker = await loadWorkerInNode(capturing, {
      APP_ENV: "development",
      ADMIN_PASSWORD: adminPassword,
      SESSION_SECRET: "bench-session-secret-0123456789abcdef",
      APP_ORIGIN: origin,
    });
    try {
      const signIn = await worker.fetch(
        new Request(`${origin}/api/admin/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify({ password: adminPassword }),
        }),
      );
      if (!signIn.ok) throw new Error(`sign-in in Node: ${signIn.status} ${await signIn.text()}`);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      for (const call of CALLS) {
        captured.length = 0;
        const answer = await worker.fetch(new Request(`${origin}/api/admin/payments${call.query}`, { headers: { Cookie: cookie } }));
        if (answer.status !== 200) throw new Error(`${call.name} in Node: ${answer.status}`);
        // The page's own statements: those reading the list's tables, not the session's look-up.
        const statements = [...new Set(captured)].filter((sql) => /payment_methods/.test(sql));
        console.log(`\n### ${call.name}: GET /api/admin/payments${call.query.replace(/cursor=[^&]+/, "cursor=…")}`);
        for (const sql of statements) {
          console.log(`\n${sql}\n`);
          const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...new Array<null>(countParams(sql)).fill(null)) as {
            id: number;
            parent: number;
            detail: string;
          }[];
          const depth = new Map<number, number>([[0, -1]]);
          for (const step of plan) {
            const level = (depth.get(step.parent) ?? -1) + 1;
            depth.set(step.id, level);
            console.log(`${"  ".repeat(level)}${step.detail}`);
          }
        }
      }
    } finally {
      await worker.close();
      db.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How many `?` parameters a statement binds (a plan does not depend on their values). */
function countParams(sql: string): number {
  return (sql.replace(/'[^']*'/g, "").match(/\?/g) ?? []).length;
}
