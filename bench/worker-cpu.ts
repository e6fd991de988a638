/**
 * Worker CPU per request for the catalogue calls answered from the edge cache (each call is made
 * first, so the measured ones are hits), two ways:
 * - the isolate alone: the Worker's own JavaScript run in this Node's V8 over N sequential requests,
 *   its CPU read with `process.cpuUsage()` ÷ N (bench/lib/worker-in-node.ts says what stands in for
 *   the platform and why the inspector's sampling profiler cannot give this figure); the D1 behind it
 *   is the demo catalogue of the throw-away server below;
 * - the whole workerd process under `wrangler dev`: its CPU time (user + system, from /proc) before
 *   and after N requests, idle CPU subtracted, ÷ N; includes workerd's HTTP and every local simulator
 *   (D1, R2, the Cache API in JavaScript), an upper bound.
 * Every answer is checked (200, JSON of the expected shape, `X-Edge-Cache: hit`).
 *
 *   node bench/worker-cpu.ts [--requests 2000]
 */
import { numberFlag } from "./lib/args.ts";
import { probe } from "./lib/http-probe.ts";
import { openLocalD1 } from "./lib/local-d1.ts";
import { cpuTimeMs, findWorkerd } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";
import { loadWorkerInNode, type WorkerInNode } from "./lib/worker-in-node.ts";

const requests = numberFlag("requests", 2000);
const SONG_ID = "de300000-0000-4000-8000-000000000001";
const ORIGIN = "http://127.0.0.1:8787";

const CALLS: { path: string; valid: (body: unknown) => boolean }[] = [
  { path: "/api/songs/popular", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/recent", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/featured", valid: (b) => typeof b === "object" && b !== null && "title" in b },
  { path: `/api/songs/${SONG_ID}`, valid: (b) => typeof b === "object" && b !== null && "title" in b },
];

function check(path: string, valid: (body: unknown) => boolean, status: number, body: string, answeredBy: string | undefined) {
  if (status !== 200 || !valid(JSON.parse(body)) || answeredBy !== "hit") throw new Error(`${path}: ${status} ${answeredBy} ${body.slice(0, 200)}`);
}

/** CPU ms per request of the Worker's JavaScript for `path`, every answer a checked hit. */
async function isolateCpuMs(worker: WorkerInNode, path: string, valid: (body: unknown) => boolean): Promise<number> {
  const once = async () => {
    const answer = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { Accept: "application/json" } }));
    check(path, valid, answer.status, await answer.text(), answer.headers.get("x-edge-cache") ?? undefined);
  };
  await worker.fetch(new Request(`${ORIGIN}${path}`)).then((r) => r.arrayBuffer()); // the miss that fills the cache
  await worker.settle();
  for (let i = 0; i < 200; i++) await once(); // warms the JIT
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) await once();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / requests;
}

await withSession(async ({ server }) => {
  const workerd = findWorkerd(server.pid);
  const worker = await loadWorkerInNode(openLocalD1(server.persistDir, "songs"), { APP_ENV: "production", APP_ORIGIN: ORIGIN });
  const rows: (string | number)[][] = [];
  try {
    for (const call of CALLS) {
      const isolate = await isolateCpuMs(worker, call.path, call.valid);

      const url = `${server.baseURL}${call.path}`;
      const once = async () => {
        const answer = await probe(url);
        check(call.path, call.valid, answer.status, answer.body.toString(), answer.headers["x-edge-cache"] as string | undefined);
      };
      await probe(url);
      for (let i = 0; i < 20; i++) await once(); // warms the JIT
      const idle = cpuTimeMs(workerd);
      await new Promise((r) => setTimeout(r, 1_000));
      const idlePerSecond = cpuTimeMs(workerd) - idle; // background CPU, subtracted below
      const before = cpuTimeMs(workerd);
      const started = performance.now();
      for (let i = 0; i < requests; i++) await once();
      const wallMs = performance.now() - started;
      const processMs = cpuTimeMs(workerd) - before - (idlePerSecond * wallMs) / 1000;

      rows.push([`GET ${call.path.replace(SONG_ID, "{id}")}`, requests, isolate.toFixed(3), (processMs / requests).toFixed(3), (wallMs / requests).toFixed(2)]);
    }
  } finally {
    await worker.close();
  }
  printTable(
    `Worker CPU per catalogue request answered from the edge cache (isolate: the Worker's JavaScript in Node's V8, process.cpuUsage; process: workerd pid ${workerd} under wrangler dev, /proc)`,
    ["call", "requests", "isolate CPU ms/request", "workerd process CPU ms/request", "workerd wall ms/request"],
    rows,
  );
});
