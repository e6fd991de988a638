/**
 * What the main thread does while a page loads on the tablet's CPU (CDP slowdown = benchmark index ÷ 100,
 * network not throttled): every task of 50 ms or more from the navigation until 8 s after the load
 * event (hydration and its effects come after it), with what it was made of (committing the
 * navigation, HTML parsing, style, layout, paint, evaluating the app's modules, callbacks into the
 * app's JavaScript), read from a Chromium trace. Totals close the table; then each run's first
 * contentful paint, blocking time after it (each task's part over 50 ms) and longest task after it.
 * One first load is not counted (the server's first render and edge copy). Of --runs loads, the one
 * with the median first paint is listed task by task (with --every, each of them). Lighthouse's
 * long-tasks audit names a URL per task; this says what the time went to (decision 038).
 *
 *   node bench/main-thread-tasks.ts [--page /] [--runs 3] [--slowdown <n>] [--every]
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { booleanFlag, numberFlag, stringFlag } from "./lib/args.ts";
import { withSession } from "./lib/session.ts";
import { printTable } from "./lib/table.ts";
import { TABLET_CONTEXT, tabletSlowdown } from "./lib/tablet.ts";

const pagePath = stringFlag("page", "/");
const runs = numberFlag("runs", 3);
const fixedSlowdown = numberFlag("slowdown", 0);
const everyRun = booleanFlag("every");
const LONG_TASK_MS = 50;
/** How long to keep tracing after the load event. */
const SETTLE_MS = 8_000;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/** What a task's direct parts are counted as, by trace event name; anything else is "other". */
const KIND_BY_EVENT: Record<string, string> = {
  "DocumentLoader::CommitNavigation": "navigation commit",
  ParseHTML: "HTML parse",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  Commit: "paint",
  UpdateLayer: "paint",
  "v8.compileModule": "module evaluation",
  "v8.evaluateModule": "module evaluation",
  EvaluateScript: "script",
  "v8.compile": "script",
  FunctionCall: "JS callbacks",
  RunMicrotasks: "JS callbacks",
  TimerFire: "JS callbacks",
  EventDispatch: "JS callbacks",
  FireAnimationFrame: "JS callbacks",
};

interface LongTask {
  startMs: number;
  durationMs: number;
  /** Milliseconds per kind, of the task's direct parts. */
  parts: Map<string, number>;
}

interface LoadFigures {
  fcpMs: number;
  tasks: LongTask[];
}

/**
 * The main thread's long tasks of one traced load, with times from the navigation's start. The page's
 * own first-contentful-paint time (`fcpMs`) places that start on the trace's clock: Chromium sometimes
 * leaves a new renderer's navigation start out of the trace.
 */
function readLoad(events: TraceEvent[], fcpMs: number): LoadFigures {
  const fcp = events.findLast((e) => e.name === "firstContentfulPaint");
  if (!fcp || !Number.isFinite(fcpMs)) throw new Error("the page or its trace holds no first contentful paint");
  const navigation = { pid: fcp.pid, tid: fcp.tid, ts: fcp.ts - fcpMs * 1000 };
  const mainThread = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === "X" && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: LongTask[] = [];
  for (const task of mainThread) {
    if (task.name !== "RunTask" || (task.dur ?? 0) < LONG_TASK_MS * 1000) continue;
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    let directPartEnd = task.ts;
    for (const event of mainThread) {
      if (event === task || event.ts < task.ts || event.ts >= end) continue;
      // Direct parts only: an event inside the previous part is already counted in it.
      if (event.ts < directPartEnd || event.name === "RunTask") continue;
      directPartEnd = event.ts + (event.dur ?? 0);
      const kind = KIND_BY_EVENT[event.name] ?? "other";
      parts.set(kind, (parts.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
    }
    tasks.push({ startMs: (task.ts - navigation.ts) / 1000, durationMs: task.dur! / 1000, parts });
  }
  return { fcpMs, tasks };
}

const tasksAfterPaint = (load: LoadFigures) => load.tasks.filter((t) => t.startMs >= load.fcpMs);
const blockingAfter = (load: LoadFigures) => tasksAfterPaint(load).reduce((sum, t) => sum + t.durationMs - LONG_TASK_MS, 0);
const longestAfter = (load: LoadFigures) => Math.max(0, ...tasksAfterPaint(load).map((t) => t.durationMs));

async function traceOnce(chromium: Browser, url: string, slowdown: number, traceFile: string): Promise<LoadFigures> {
  const context = await chromium.newContext(TABLET_CONTEXT);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await chromium.startTracing(page, { path: traceFile, categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline", "loading"] });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    await chromium.stopTracing();
    const fcpMs = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN);
    const { traceEvents } = JSON.parse(await readFile(traceFile, "utf8")) as { traceEvents: TraceEvent[] };
    return readLoad(traceEvents, fcpMs);
  } finally {
    await context.close();
  }
}

const describeParts = (parts: Map<string, number>) =>
  [...parts]
    .filter(([, partMs]) => partMs >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, partMs]) => `${kind} ${partMs.toFixed(0)}`)
    .join(", ");

function printTasks(which: string, load: LoadFigures, slowdown: number, benchmarkIndex: number): void {
  const totals = new Map<string, number>();
  for (const task of load.tasks) for (const [kind, partMs] of task.parts) totals.set(kind, (totals.get(kind) ?? 0) + partMs);
  printTable(
    `Main-thread tasks ≥ ${LONG_TASK_MS} ms loading ${pagePath} on the tablet's CPU (slowdown ${slowdown.toFixed(2)} = benchmark index ${benchmarkIndex.toFixed(0)} ÷ 100, network not throttled), ${which} (FCP ${load.fcpMs.toFixed(0)} ms)`,
    ["starts ms", "lasts ms", "made of (ms)"],
    [
      ...load.tasks.map((t) => [`${t.startMs.toFixed(0)}${t.startMs >= load.fcpMs ? "" : " (before FCP)"}`, t.durationMs.toFixed(0), describeParts(t.parts)]),
      ["all long tasks", load.tasks.reduce((sum, t) => sum + t.durationMs, 0).toFixed(0), describeParts(totals)],
    ],
  );
}

await withSession(async ({ server, browser }) => {
  const chromium = await browser();
  const { benchmarkIndex, slowdown } = await tabletSlowdown(chromium, fixedSlowdown);
  const traceDir = await mkdtemp(path.join(os.tmpdir(), "jplay-main-thread-"));
  try {
    const url = `${server.baseURL}${pagePath}`;
    const traceFile = path.join(traceDir, "trace.json");
    await traceOnce(chromium, url, slowdown, traceFile); // the server's first render and edge copy, not counted
    const loads: LoadFigures[] = [];
    for (let i = 0; i < runs; i++) {
      loads.push(await traceOnce(chromium, url, slowdown, traceFile));
      console.error(`${pagePath}: run ${i + 1}/${runs}`);
    }
    const byFcp = [...loads].sort((a, b) => a.fcpMs - b.fcpMs);
    const medianLoad = byFcp[Math.floor((byFcp.length - 1) / 2)]!;
    for (const [i, load] of loads.entries()) {
      if (everyRun || load === medianLoad) printTasks(`run ${i + 1}${load === medianLoad ? ", the median first paint" : ""}`, load, slowdown, benchmarkIndex);
    }
    printTable(
      `Every run of ${pagePath}`,
      ["run", "FCP ms", "blocking after FCP ms", "longest task after FCP ms", "long tasks"],
      loads.map((load, i) => [String(i + 1), load.fcpMs.toFixed(0), blockingAfter(load).toFixed(0), longestAfter(load).toFixed(0), load.tasks.length]),
    );
  } finally {
    await rm(traceDir, { recursive: true, force: true });
  }
});
