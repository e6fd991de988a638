/**
 * What Lighthouse's simulation (Lantern) counted into a run's LCP, printed as a table: every request and
 * main-thread task of the pessimistic LCP graph with its simulated start and end. Lantern keeps the node
 * timings of the simulations it ran last; `Simulator.allNodeTimings` is its own debugging hook, read
 * here from the same module instance Lighthouse ran. A task is marked with what it did (layout, paint,
 * HTML parsing, a script's evaluation); a request with its priority and bytes.
 */
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

interface GraphNode {
  type: "cpu" | "network";
  duration?: number;
  childEvents?: { name: string }[];
  didPerformLayout?: () => boolean;
  getEvaluateScriptURLs?: () => Set<string>;
  request?: { url: string; priority: string; transferSize: number };
}

const LABEL = "pessimisticLargestContentfulPaint";

function describe(node: GraphNode, slowdown: number): string {
  if (node.type === "network") {
    const { url, priority, transferSize } = node.request!;
    const { protocol, pathname, search } = new URL(url);
    const address = protocol === "data:" ? `${url.slice(0, 40)}…` : `${pathname}${search}`;
    return `request ${priority} ${(transferSize / 1024).toFixed(1)} KiB ${address}`;
  }
  const did = new Set(node.childEvents?.map((event) => event.name));
  const what = [
    node.didPerformLayout?.() ? "layout" : "",
    did.has("Paint") ? "paint" : "",
    did.has("ParseHTML") ? "parse HTML" : "",
    ...[...(node.getEvaluateScriptURLs?.() ?? [])].map((url) => `evaluate ${new URL(url).pathname}`),
  ].filter(Boolean);
  const observed = (node.duration ?? 0) / 1000;
  return `task ${observed.toFixed(1)} ms observed (× ${node.didPerformLayout?.() ? (slowdown / 2).toFixed(1) : slowdown.toFixed(1)})${what.length ? `: ${what.join(", ")}` : ""}`;
}

export function printLcpGraph(url: string, slowdown: number): void {
  const timings = (
    Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Map<GraphNode, { startTime: number; endTime: number }>> }
  ).allNodeTimings.get(LABEL);
  if (!timings) {
    console.error(`${url}: the simulation kept no ${LABEL} timings`);
    return;
  }
  const rows = [...timings].map(([node, timing]) => ({ ...timing, text: describe(node, slowdown) })).sort((a, b) => a.endTime - b.endTime);
  console.error(`\n${url}: what the simulated LCP waited for (start → end, ms)`);
  for (const row of rows) console.error(`  ${row.startTime.toFixed(0).padStart(6)} → ${row.endTime.toFixed(0).padStart(6)}  ${row.text}`);
}
