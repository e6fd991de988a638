/**
 * Admin at scale: 10,000 artists with a saved card each and 30,000 songs, written straight into the
 * throw-away server's local D1 (`wrangler d1 execute --local --persist-to` its state folder). Figures:
 * `GET /api/admin/payments` p50/p95 over --requests calls (each answer checked: 200, every artist
 * present), and the time from "Sign in" to the first row's checkbox being on screen in Chromium. The
 * D1 statements per call are two, in one batch, by construction (payments/admin-payments.ts).
 *
 *   node bench/admin-scale.ts [--artists 10000] [--songs 30000] [--requests 20] [--runs 3]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runWrangler } from "../scripts/wrangler-env.ts";
import { numberFlag } from "./lib/args.ts";
import { withSession } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const artists = numberFlag("artists", 10_000);
const songs = numberFlag("songs", 30_000);
const requests = numberFlag("requests", 20);
const runs = numberFlag("runs", 3);

const SEED_SQL = `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artists})
INSERT INTO artists (id, phone, payment_frequency, created_at)
SELECT 'bench-artist-' || i, '+1555' || substr('0000000' || i, -7), 'weekly', 1700000000000 + i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${artists})
INSERT INTO payment_methods (id, artist_id, stripe_payment_method_id, brand, last4, exp_month, exp_year, fingerprint, is_default, created_at)
SELECT 'bench-pm-' || i, 'bench-artist-' || i, 'pm_bench_' || i, 'visa', substr('0000' || i, -4), 12, 2031, 'fp_bench_' || i, 1, 1700000000000 + i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${songs})
INSERT INTO songs (id, artist_id, title, artist_name, status, audio_key, created_at)
SELECT 'bench-song-' || i, 'bench-artist-' || (((i - 1) % ${artists}) + 1), 'Bench Song ' || i, 'Bench Artist ' || (((i - 1) % ${artists}) + 1),
  CASE i % 3 WHEN 0 THEN 'approved' WHEN 1 THEN 'pending' ELSE 'distributed' END, 'songs/bench-song-' || i || '/audio.mp3', 1700000000000 + i FROM n;
`;

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
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

  const apiMs: number[] = [];
  let records = 0;
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const answer = await fetch(`${server.baseURL}/api/admin/payments`, { headers: { Cookie: cookie } });
    const text = await answer.text();
    apiMs.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`GET /api/admin/payments: ${answer.status} ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { payments: { artistId: string }[] };
    const benchArtists = new Set(body.payments.map((p) => p.artistId).filter((id) => id.startsWith("bench-artist-")));
    if (benchArtists.size !== artists) throw new Error(`GET /api/admin/payments lists ${benchArtists.size} of ${artists} seeded artists`);
    records = body.payments.length;
    bytes = text.length;
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
      await page.getByRole("checkbox", { name: /^Select (?!all)/ }).first().waitFor({ state: "visible", timeout: 120_000 });
      interactiveMs.push(Date.now() - started);
    } finally {
      await context.close();
    }
  }

  printTable(`Admin at scale: ${artists} artists with a card, ${songs} songs (${records} payment records, ${(bytes / 1024).toFixed(0)} KiB JSON)`, ["figure", "p50", "p95", "runs"], [
    ["GET /api/admin/payments, ms", median(apiMs).toFixed(0), percentile(apiMs, 95).toFixed(0), requests],
    ["Sign in → first row interactive, ms", median(interactiveMs).toFixed(0), percentile(interactiveMs, 95).toFixed(0), runs],
  ]);
});
