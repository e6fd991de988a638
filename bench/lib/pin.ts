/**
 * CPU pinning with `taskset` (util-linux), so a server and its load generator never share a core.
 * Every thread of every process in a process group is pinned (workerd and nginx run several).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

export const cpuCount = () => os.availableParallelism();

/** Pins every thread of `pid` to `cpu`. */
export function pinProcess(pid: number, cpu: number): void {
  execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
}

/** Pins every process whose process group is `groupId` (e.g. `wrangler dev` and its workerd). */
export function pinProcessGroup(groupId: number, cpu: number): number[] {
  const pinned: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === groupId) {
        pinProcess(Number(entry), cpu);
        pinned.push(Number(entry));
      }
    } catch {
      // the process ended while we looked
    }
  }
  return pinned;
}
