/**
 * The Worker's own resource use, read from /proc (Linux): workerd's CPU time (user + system) and
 * resident memory. `wrangler dev` starts workerd in its process group, so the group id finds it.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces: split after its closing one.
  const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [String(pid), stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ...afterName];
}

/** The workerd process in `wrangler dev`'s process group (the one with the most memory if several). */
export function findWorkerd(groupId: number): number {
  const candidates: { pid: number; rss: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      if (Number(fields[4]) === groupId && fields[1]!.startsWith("workerd")) candidates.push({ pid: Number(entry), rss: rssBytes(Number(entry)) });
    } catch {
      // the process ended while we looked
    }
  }
  if (candidates.length === 0) throw new Error(`no workerd process in process group ${groupId}`);
  return candidates.sort((a, b) => b.rss - a.rss)[0]!.pid;
}

/** CPU time (user + system, all threads) the process has used so far, in milliseconds. */
export function cpuTimeMs(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

/** Resident set size in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * CPU time (all threads) the process has used so far, in nanoseconds, from the scheduler's own
 * accounting (`/proc/<pid>/task/<tid>/schedstat`): exact, unlike the 10 ms ticks of `cpuTimeMs`.
 * A thread that ended takes its time with it, so read differences over short spans only.
 */
export function threadsCpuNs(pid: number): number {
  let total = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended while we looked
    }
  }
  return total;
}

/**
 * CPU time (user + system) every live process of group `groupId` has used so far, with what the
 * children it has already reaped used, in milliseconds: a whole `wrangler dev` (its Node process,
 * workerd, esbuild) while it runs.
 */
export function groupCpuTimeMs(groupId: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      if (Number(fields[4]) !== groupId) continue;
      ticks += Number(fields[13]) + Number(fields[14]) + Number(fields[15]) + Number(fields[16]);
    } catch {
      // the process ended while we looked
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
