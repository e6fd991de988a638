/**
 * Media serving against the limit: the same MP3 from the Worker (`wrangler dev`, R2 through
 * serve-media) and from nginx (sendfile from disk) on loopback. Server pinned to CPU 0, this load
 * generator (autocannon, in this process) to CPU 1. Figures: requests/s and latency for 64 KiB ranges,
 * time to first byte for 64 KiB ranges (sequential), whole-file throughput, and Worker ÷ nginx.
 * Every answer is checked first (206 with the exact bytes, 200 whole file, 304, 416), and any
 * non-2xx or error during a load run is reported.
 *
 *   node bench/media-serving.ts [--duration 10] [--connections 8] [--probes 200]
 */
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { numberFlag } from "./lib/args.ts";
import { probe } from "./lib/http-probe.ts";
import { startNginx } from "./lib/nginx.ts";
import { cpuCount, pinProcess, pinProcessGroup } from "./lib/pin.ts";
import { withSession } from "./lib/session.ts";
import { percentile } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const duration = numberFlag("duration", 10);
const connections = numberFlag("connections", 8);
const probes = numberFlag("probes", 200);
const RANGE = 64 * 1024;
const SERVER_CPU = 0;
const CLIENT_CPU = cpuCount() > 1 ? 1 : 0;
const SONG_ID = "de300000-0000-4000-8000-000000000001";

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`wrong answer: ${message}`);
}

/** The answers a player relies on; throws on the first wrong one. */
async function checkAnswers(name: string, url: string, file: Buffer): Promise<void> {
  const whole = await probe(url);
  check(whole.status === 200 && whole.body.equals(file), `${name} whole file: ${whole.status}, ${whole.body.length} bytes`);
  const etag = whole.headers.etag;
  check(typeof etag === "string", `${name} sends no ETag`);
  const start = 12_345;
  const range = await probe(url, { Range: `bytes=${start}-${start + RANGE - 1}` });
  check(range.status === 206, `${name} range status ${range.status}`);
  check(range.body.equals(file.subarray(start, start + RANGE)), `${name} range bytes differ (${range.body.length})`);
  check(range.headers["content-range"] === `bytes ${start}-${start + RANGE - 1}/${file.length}`, `${name} Content-Range ${range.headers["content-range"]}`);
  const notModified = await probe(url, { "If-None-Match": etag! });
  check(notModified.status === 304 && notModified.body.length === 0, `${name} If-None-Match: ${notModified.status}`);
  const unsatisfiable = await probe(url, { Range: `bytes=${file.length + 10}-` });
  check(unsatisfiable.status === 416, `${name} range past the end: ${unsatisfiable.status}`);
}

interface Figures {
  rangeRps: number;
  rangeLatencyP50: number;
  rangeLatencyP99: number;
  ttfbP50: number;
  ttfbP95: number;
  wholeRps: number;
  wholeMiBps: number;
  failures: number;
}

async function measure(name: string, url: string, file: Buffer): Promise<Figures> {
  await checkAnswers(name, url, file);
  const ttfb: number[] = [];
  for (let i = 0; i < probes; i++) {
    const start = (i * 7919 * 64) % (file.length - RANGE);
    const answer = await probe(url, { Range: `bytes=${start}-${start + RANGE - 1}` });
    check(answer.status === 206 && answer.body.length === RANGE, `${name} probe ${i}: ${answer.status}`);
    ttfb.push(answer.ttfbMs);
  }
  const ranges = await autocannon({ url, connections, duration, headers: { Range: `bytes=65536-${65536 + RANGE - 1}` } });
  const whole = await autocannon({ url, connections, duration });
  console.error(`${name}: done`);
  return {
    rangeRps: ranges.requests.average,
    rangeLatencyP50: ranges.latency.p50,
    rangeLatencyP99: ranges.latency.p99,
    ttfbP50: percentile(ttfb, 50),
    ttfbP95: percentile(ttfb, 95),
    wholeRps: whole.requests.average,
    wholeMiBps: whole.throughput.average / (1024 * 1024),
    failures: ranges.errors + ranges.timeouts + ranges.non2xx + whole.errors + whole.timeouts + whole.non2xx,
  };
}

await withSession(async ({ server }) => {
  // Pinned once the server is up (its set-up, the demo seed, may use every core).
  pinProcessGroup(server.pid, SERVER_CPU);
  pinProcess(process.pid, CLIENT_CPU);
  const workerURL = `${server.baseURL}/api/songs/${SONG_ID}/audio`;
  const file = (await probe(workerURL)).body;
  const root = await mkdtemp(path.join(os.tmpdir(), "jplay-media-"));
  await writeFile(path.join(root, "song.mp3"), file, { mode: 0o644 });
  await chmod(root, 0o755); // nginx's worker may run as another user (www-data when started as root)
  const nginx = await startNginx(root, { cpu: SERVER_CPU });
  try {
    const worker = await measure("Worker", workerURL, file);
    const reference = await measure("nginx", `${nginx.baseURL}/song.mp3`, file);
    const f = (n: number, digits = 1) => n.toFixed(digits);
    printTable(
      `Same MP3 (${(file.length / 1024).toFixed(0)} KiB), loopback, server on CPU ${SERVER_CPU}, client on CPU ${CLIENT_CPU}, ${connections} connections, ${duration} s per run`,
      ["figure", "Worker", "nginx", "Worker ÷ nginx"],
      [
        ["64 KiB ranges, requests/s", f(worker.rangeRps, 0), f(reference.rangeRps, 0), f(worker.rangeRps / reference.rangeRps, 3)],
        [
          "64 KiB ranges, latency p50 ms (loaded)",
          f(worker.rangeLatencyP50),
          f(reference.rangeLatencyP50),
          f(worker.rangeLatencyP50 / reference.rangeLatencyP50, 2),
        ],
        [
          "64 KiB ranges, latency p99 ms (loaded)",
          f(worker.rangeLatencyP99),
          f(reference.rangeLatencyP99),
          f(worker.rangeLatencyP99 / reference.rangeLatencyP99, 2),
        ],
        [`64 KiB ranges, TTFB p50 ms (1 at a time, ${probes})`, f(worker.ttfbP50, 2), f(reference.ttfbP50, 2), f(worker.ttfbP50 / reference.ttfbP50, 2)],
        ["64 KiB ranges, TTFB p95 ms (1 at a time)", f(worker.ttfbP95, 2), f(reference.ttfbP95, 2), f(worker.ttfbP95 / reference.ttfbP95, 2)],
        ["whole file, requests/s", f(worker.wholeRps, 0), f(reference.wholeRps, 0), f(worker.wholeRps / reference.wholeRps, 3)],
        ["whole file, MiB/s", f(worker.wholeMiBps), f(reference.wholeMiBps), f(worker.wholeMiBps / reference.wholeMiBps, 3)],
        ["non-2xx, errors, timeouts under load", worker.failures, reference.failures, ""],
      ],
    );
    if (worker.failures + reference.failures > 0) process.exitCode = 1;
  } finally {
    await nginx.stop();
    await rm(root, { recursive: true, force: true });
  }
});
