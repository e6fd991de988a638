/**
 * Worker CPU per request for the catalogue calls, answered from the edge cache (each call is made 20
 * times first, so the measured ones are hits), two ways:
 * - the isolate alone: the Worker isolate's V8 CPU profile (inspector, 100 µs sampling) over N
 *   sequential requests, the samples in the Worker's JavaScript (with the native calls it makes) and
 *   in GC ÷ N (bench/lib/inspector.ts), without the local simulators (D1, R2, the cache) that share
 *   its process and without workerd's own HTTP work;
 * - the whole workerd process: its CPU time (user + system, from /proc) before and after N requests,
 *   idle CPU subtracted, ÷ N; includes workerd's HTTP and every local simulator, an upper bound.
 * Every answer is checked (200, JSON of the expected shape) and how it was answered tallied (X-Edge-Cache).
 *
 *   node bench/worker-cpu.ts [--requests 500]
 */
import { freePort } from "../scripts/local-server.ts";
import { numberFlag } from "./lib/args.ts";
import { probe } from "./lib/http-probe.ts";
import { busyMs, connectInspector } from "./lib/inspector.ts";
import { cpuTimeMs, findWorkerd } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const requests = numberFlag("requests", 500);
const SONG_ID = "de300000-0000-4000-8000-000000000001";
const inspectorPort = await freePort();

const CALLS: { path: string; valid: (body: unknown) => boolean }[] = [
  { path: "/api/songs/popular", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/recent", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/featured", valid: (b) => typeof b === "object" && b !== null && "title" in b },
  { path: `/api/songs/${SONG_ID}`, valid: (b) => typeof b === "object" && b !== null && "title" in b },
];

await withSession(
  async ({ server }) => {
    const workerd = findWorkerd(server.pid);
    const inspector = await connectInspector(inspectorPort);
    const rows: (string | number)[][] = [];
    try {
      for (const call of CALLS) {
        const url = `${server.baseURL}${call.path}`;
        const answeredBy = new Map<string, number>();
        const run = async () => {
          for (let i = 0; i < requests; i++) {
            const answer = await probe(url);
            if (answer.status !== 200 || !call.valid(JSON.parse(answer.body.toString()))) throw new Error(`${call.path}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
            const by = String(answer.headers["x-edge-cache"] ?? "not cached");
            answeredBy.set(by, (answeredBy.get(by) ?? 0) + 1);
          }
        };
        for (let i = 0; i < 20; i++) await probe(url); // warm up (JIT, the edge cache)

        const profile = busyMs(await inspector.profile(run));

        const idle = cpuTimeMs(workerd);
        await new Promise((r) => setTimeout(r, 1_000));
        const idlePerSecond = cpuTimeMs(workerd) - idle; // background CPU, subtracted below
        const before = cpuTimeMs(workerd);
        const started = performance.now();
        await run();
        const wallMs = performance.now() - started;
        const processMs = cpuTimeMs(workerd) - before - (idlePerSecond * wallMs) / 1000;

        rows.push([
          `GET ${call.path.replace(SONG_ID, "{id}")}`,
          requests,
          (profile.busyMs / requests).toFixed(3),
          (processMs / requests).toFixed(3),
          (wallMs / requests).toFixed(2),
          [...answeredBy].map(([by, n]) => `${by} ${n}`).join(", "),
        ]);
      }
    } finally {
      inspector.close();
    }
    printTable(
      `Worker CPU per catalogue request (isolate: V8 CPU profile, 100 µs sampling; process: workerd pid ${workerd}, /proc resolution 10 ms, so use ≥ 500 requests)`,
      ["call", "requests", "isolate CPU ms/request", "workerd process CPU ms/request", "wall ms/request", "answered (both runs)"],
      rows,
    );
  },
  { wranglerArgs: ["--inspector-port", String(inspectorPort)] },
);
