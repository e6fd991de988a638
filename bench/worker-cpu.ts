/**
 * Worker CPU per request for the catalogue calls: workerd's CPU time (user + system, from /proc)
 * before and after N sequential requests of each call, divided by N. Includes workerd's own HTTP and
 * local D1 (SQLite) work, so it is an upper bound on the Worker's JavaScript CPU. Every answer is
 * checked (200, JSON of the expected shape).
 *
 *   node bench/worker-cpu.ts [--requests 500]
 */
import { numberFlag } from "./lib/args.ts";
import { probe } from "./lib/http-probe.ts";
import { cpuTimeMs, findWorkerd } from "./lib/proc.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";

const requests = numberFlag("requests", 500);
const SONG_ID = "de300000-0000-4000-8000-000000000001";

const CALLS: { path: string; valid: (body: unknown) => boolean }[] = [
  { path: "/api/songs/popular", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/recent", valid: (b) => Array.isArray(b) && b.length > 0 },
  { path: "/api/songs/featured", valid: (b) => typeof b === "object" && b !== null && "title" in b },
  { path: `/api/songs/${SONG_ID}`, valid: (b) => typeof b === "object" && b !== null && "title" in b },
];

await withSession(async ({ server }) => {
  const workerd = findWorkerd(server.pid);
  const rows: (string | number)[][] = [];
  for (const call of CALLS) {
    const url = `${server.baseURL}${call.path}`;
    for (let i = 0; i < 20; i++) await probe(url); // warm up (JIT, SQLite page cache)
    const idle = cpuTimeMs(workerd);
    await new Promise((r) => setTimeout(r, 1_000));
    const idlePerSecond = cpuTimeMs(workerd) - idle; // background CPU, subtracted below
    const before = cpuTimeMs(workerd);
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const answer = await probe(url);
      if (answer.status !== 200 || !call.valid(JSON.parse(answer.body.toString()))) throw new Error(`${call.path}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
    }
    const wallMs = performance.now() - started;
    const cpuMs = cpuTimeMs(workerd) - before - (idlePerSecond * wallMs) / 1000;
    rows.push([`GET ${call.path.replace(SONG_ID, "{id}")}`, requests, (cpuMs / requests).toFixed(3), (wallMs / requests).toFixed(2), (idlePerSecond / 10).toFixed(2)]);
  }
  printTable(`workerd CPU per catalogue request (pid ${workerd}; /proc resolution 10 ms, so use ≥ 500 requests)`, ["call", "requests", "CPU ms/request", "wall ms/request", "idle CPU %"], rows);
});
