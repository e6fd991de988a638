/**
 * A day of purchases, faster: distributed songs (one artist each) seeded into the throw-away server's
 * local D1, then signed purchase reports of --report purchases (the provider's largest, 500) sent
 * one after another to `POST /api/provider/purchases` as the provider would, each purchase recorded,
 * credited to the ledger and counted on its song in one batch (provider/record-purchases.ts,
 * schema/src/purchase-credit.ts). Figures: purchases per second sustained over the whole run (goal
 * ≥ 60: 500,000 a day is 5.8 a second, ten times that); a report's time; then the first reports sent
 * again (redelivery: nothing recorded twice); and the latency of the first step of a payment
 * (`POST /api/create-setup-intent`: D1 writes and the Stripe sandbox) while reports are ingested,
 * against the same with nothing else running. Checked from the database after the run: every
 * purchase recorded once, the songs' running counts equal to the purchases, the ledger summing to zero.
 *
 *   node bench/purchase-ingestion.ts [--songs 1000] [--purchases 30000] [--report 500] [--probes 20]
 */
import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runWrangler } from "../scripts/wrangler-env.ts";
import { numberFlag } from "./lib/args.ts";
import { openLocalD1 } from "./lib/local-d1.ts";
import { withSession } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const songs = numberFlag("songs", 1000);
const total = numberFlag("purchases", 30_000);
const perReport = numberFlag("report", 500);
const probes = numberFlag("probes", 20);
const SECRET = "bench-provider-secret-0123456789abcdef";

const SEED_SQL = `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${songs})
INSERT INTO artists (id, phone, payment_frequency, created_at) SELECT 'ing-artist-' || i, '+1666' || substr('0000000' || i, -7), 'weekly', 1700000000000 + i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${songs})
INSERT INTO songs (id, artist_id, title, artist_name, status, package, price_cents, audio_key, distributed_at, created_at)
SELECT 'ing-song-' || i, 'ing-artist-' || i, 'Ingest ' || i, 'Ingest Artist ' || i, 'distributed', 'expedited', 199, 'songs/ing-' || i || '/audio.mp3', 1700000000000, 1700000000000 + i FROM n;
`;

interface Answer {
  recorded: number;
  duplicates: number;
  rejected: number;
}

function report(start: number) {
  const purchasedAt = new Date(Date.now() - 60_000).toISOString();
  const purchases = Array.from({ length: perReport }, (_, k) => {
    const n = start + k;
    return { purchaseId: `ing-${n}`, songId: `ing-song-${(n % songs) + 1}`, priceCents: 199, purchasedAt };
  });
  return JSON.stringify({ purchases });
}

await withSession(
  async ({ server }) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-ingest-seed-"));
    try {
      const file = path.join(folder, "seed.sql");
      await writeFile(file, SEED_SQL);
      await runWrangler(["d1", "execute", "jplay", "--local", "--persist-to", server.persistDir, "--file", file]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    const send = async (body: string): Promise<Answer> => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      // Signature v2 (docs/catalogue-and-provider-api.md, "Sales"): over the time, method, path, provider and the body's SHA-256.
      const bodyHash = createHash("sha256").update(body).digest("hex");
      const signature = createHmac("sha256", SECRET).update(`${timestamp}.POST /api/provider/purchases.primary.${bodyHash}`).digest("hex");
      const answer = await fetch(`${server.baseURL}/api/provider/purchases`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-JPlay-Timestamp": timestamp, "X-JPlay-Signature": signature },
        body,
      });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`purchase report: ${answer.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as Answer;
    };
    const setupIntent = async () => {
      const started = performance.now();
      const answer = await fetch(`${server.baseURL}/api/create-setup-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.baseURL },
        body: JSON.stringify({ paymentFrequency: "weekly" }),
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`create-setup-intent: ${answer.status}`);
      return performance.now() - started;
    };

    // The payment step alone, for comparison.
    const idle: number[] = [];
    for (let i = 0; i < probes; i++) idle.push(await setupIntent());

    // The reports, one after another; the payment step probed all along from a second client.
    const reportMs: number[] = [];
    const during: number[] = [];
    let ingesting = true;
    const prober = (async () => {
      while (ingesting) during.push(await setupIntent());
    })();
    const started = performance.now();
    for (let start = 0; start < total; start += perReport) {
      const sent = performance.now();
      const answer = await send(report(start));
      reportMs.push(performance.now() - sent);
      if (answer.recorded !== perReport) throw new Error(`report at ${start}: ${JSON.stringify(answer)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    ingesting = false;
    await prober;

    // Redelivery: the first reports again, whole.
    const again = Math.min(5, total / perReport);
    for (let r = 0; r < again; r++) {
      const answer = await send(report(r * perReport));
      if (answer.recorded !== 0 || answer.duplicates !== perReport) throw new Error(`redelivered report ${r}: ${JSON.stringify(answer)}`);
    }

    const db = openLocalD1(server.persistDir, "songs");
    try {
      const purchases = (db.prepare("SELECT count(*) AS n FROM purchases WHERE id LIKE 'ing-%'").get() as { n: number }).n;
      const counted = (db.prepare("SELECT sum(purchase_count) AS n FROM songs WHERE id LIKE 'ing-song-%'").get() as { n: number }).n;
      const ledger = (db.prepare("SELECT coalesce(sum(amount_cents), 0) AS n FROM ledger_entries").get() as { n: number }).n;
      const mismatched = (
        db
          .prepare(
            "SELECT count(*) AS n FROM songs s WHERE s.id LIKE 'ing-song-%' AND s.purchase_count <> (SELECT count(*) FROM purchases p WHERE p.song_id = s.id)",
          )
          .get() as { n: number }
      ).n;
      if (purchases !== total || counted !== total || mismatched !== 0 || ledger !== 0) {
        throw new Error(`checks failed: ${purchases} purchases, ${counted} counted, ${mismatched} songs miscounted, ledger ${ledger}`);
      }
      printTable(
        `Purchase ingestion: ${total} purchases over ${songs} songs in reports of ${perReport}, sent one after another`,
        ["figure", "value"],
        [
          ["purchases/s sustained", (total / seconds).toFixed(0)],
          ["whole run, s", seconds.toFixed(1)],
          ["a report of 500: p50 / p95 ms", `${median(reportMs).toFixed(0)} / ${percentile(reportMs, 95).toFixed(0)}`],
          [`reports sent again (${again}): recorded`, "0 (every purchase a duplicate)"],
          ["create-setup-intent, idle: p50 / p95 ms", `${median(idle).toFixed(0)} / ${percentile(idle, 95).toFixed(0)} (${idle.length})`],
          [
            "create-setup-intent, while ingesting: p50 / p95 / max ms",
            `${median(during).toFixed(0)} / ${percentile(during, 95).toFixed(0)} / ${Math.max(...during).toFixed(0)} (${during.length})`,
          ],
          ["checks", `${purchases} purchases once each, running counts equal, ledger sum ${ledger}`],
        ],
      );
    } finally {
      db.close();
    }
  },
  { vars: { PROVIDER_WEBHOOK_SECRET: SECRET } },
);
