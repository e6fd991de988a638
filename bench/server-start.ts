/**
 * What a throw-away server (scripts/local-server.ts) costs to start and to keep, built by `wrangler dev`
 * from the sources and served from the run's one bundle (scripts/server-bundle.ts): wall time until it
 * serves, the CPU its whole process group used by then, and its CPU while idle. The browser tests
 * start about 25 of them a run (docs/decisions/082-browser-test-servers-from-one-bundle.md).
 *
 *   node bench/server-start.ts [--starts 5] [--idle-seconds 10]
 */
import { numberFlag } from "./lib/args.ts";
import { groupCpuTimeMs } from "./lib/proc.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";
import { rm } from "node:fs/promises";
import { prepareState, startLocalServer } from "../scripts/local-server.ts";
import { bundleServers, type BundledWorkers } from "../scripts/server-bundle.ts";

const starts = numberFlag("starts", 5);
const idleSeconds = numberFlag("idle-seconds", 10);

const preparedState = await prepareState();
const bundle = await bundleServers();

async function measure(serverBundle: BundledWorkers | undefined) {
  const startMs: number[] = [];
  const startCpuMs: number[] = [];
  const idleCpuMs: number[] = [];
  for (let i = 0; i < starts; i++) {
    const began = Date.now();
    const server = await startLocalServer({ preparedState, bundle: serverBundle });
    try {
      startMs.push(Date.now() - began);
      const serving = groupCpuTimeMs(server.pid);
      startCpuMs.push(serving);
      await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
      idleCpuMs.push(groupCpuTimeMs(server.pid) - serving);
    } finally {
      await server.stop();
    }
  }
  return [median(startMs), median(startCpuMs), median(idleCpuMs)].map((value) => Math.round(value));
}

try {
  const fromSources = await measure(undefined);
  const fromBundle = await measure(bundle);
  printTable(
    `A throw-away server, median of ${starts} starts (CPU: its whole process group)`,
    ["served", "wall to serve ms", "CPU to serve ms", `CPU idle ${idleSeconds} s ms`],
    [
      ["bundled by wrangler dev, sources watched", ...fromSources],
      ["from the run's bundle (--no-bundle)", ...fromBundle],
    ],
  );
} finally {
  await bundle.remove();
  await rm(preparedState, { recursive: true, force: true });
}
