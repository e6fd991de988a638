/**
 * What screening a song's words costs (docs/decisions/085-linear-term-matching.md): the term matcher
 * (workers/api/src/compliance/term-matcher.ts) over ordinary lyrics and over lyrics crafted against a
 * backtracking matcher (a run of 1s for "illicit"), 10,000 and 100,000 characters, with three full
 * term lists (2,000 terms each, the most a list holds); and a song's whole screening
 * (compliance/screening.ts screenWords), which reads at most 20,000 characters a field. Beside them,
 * the regular-expression matcher it replaced (kept as the unit tests' oracle) on crafted lyrics of
 * 1,000 and 2,001 characters, one run each: it is cubic, so longer ones are not run. CPU time of this
 * process (user + system), median of --runs (default 25) after a warm-up. Needs no server.
 *
 *   node bench/term-matcher.ts [--runs 25]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_SONGS } from "../scripts/demo/catalogue.ts";
import { TERM_LIST_MAX_TERMS } from "../schema/src/compliance.ts";
import type { ListTerm, screenWords as ScreenWords } from "../workers/api/src/compliance/screening.ts";
import type { compileTerms as CompileTerms } from "../workers/api/src/compliance/term-matcher.ts";
import { numberFlag } from "./lib/args.ts";
import { median } from "./lib/stats.ts";
import { printTable } from "./lib/table.ts";

const runs = numberFlag("runs", 25);
const repoRoot = path.resolve(import.meta.dirname, "..");

/** What this calls of esbuild (wrangler's dependency, not one of ours, so typed here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
}
const esbuild = createRequire(path.join(repoRoot, "node_modules/wrangler/package.json"))("esbuild") as Esbuild;

/** The Worker's screening modules bundled as the Worker holds them (their imports have no extensions, which Node does not resolve). */
const dir = await mkdtemp(path.join(os.tmpdir(), "jplay-term-matcher-bench-"));
const bundled = await esbuild.build({
  stdin: {
    contents: `export { screenWords } from "./workers/api/src/compliance/screening";
      export { compileTerms } from "./workers/api/src/compliance/term-matcher";
      export { compileTerms as regexCompileTerms } from "./workers/api/src/compliance/regex-term-matcher.test-support";`,
    resolveDir: repoRoot,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker"],
  write: false,
  logLevel: "silent",
});
const file = path.join(dir, "screening.mjs");
await writeFile(file, bundled.outputFiles[0]!.contents);
const { screenWords, compileTerms, regexCompileTerms } = (await import(pathToFileURL(file).href)) as {
  screenWords: typeof ScreenWords;
  compileTerms: typeof CompileTerms;
  regexCompileTerms: typeof CompileTerms;
};
await rm(dir, { recursive: true });

/** Made-up words from syllables, deterministic: a full list's worth of terms that look like words, some of them phrases. */
function madeUpTerms(count: number, seed: number): string[] {
  const syllables = ["ka", "lo", "mi", "ten", "sur", "ol", "vex", "il", "ra", "cho", "pli", "des", "an", "qui", "zor", "bel"];
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) % syllables.length;
  return Array.from({ length: count }, (_, i) => {
    const word = () => Array.from({ length: 2 + (next() % 3) }, () => syllables[next()]).join("");
    return i % 10 === 0 ? `${word()} ${word()}` : word();
  });
}

const REAL = ["illicit", "kill", "shoot", "shank", "lil", "plata", "plomo", "cárcel", "pistola fría", "cuchillo", "sicario"];
const lists: ListTerm[] = [0, 1, 2].flatMap((n) =>
  [...(n === 0 ? REAL : []), ...madeUpTerms(TERM_LIST_MAX_TERMS, n + 1)]
    .slice(0, TERM_LIST_MAX_TERMS)
    .map((term) => ({ term, language: "en" as const, listId: `list-${n}`, listName: `List ${n}`, listVersion: 1 })),
);

const ordinary = DEMO_SONGS.flatMap((song) => (song.lyrics ? [song.lyrics.text] : [])).join("\n\n") + "\n\nk1ll the lights, pl4t@ y plomo, i11icit\n";
const repeatTo = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);
const crafted = (length: number) => "1".repeat(length);

/** CPU ms (user + system) of one call: what a Worker is billed and limited by, and not inflated by other processes on a shared machine. */
function time(fn: () => unknown): number {
  const started = process.cpuUsage();
  fn();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}
const medianOf = (fn: () => unknown) => median(Array.from({ length: runs }, () => time(fn)));

const compileMs = medianOf(() => compileTerms(lists));
const find = compileTerms(lists);
const texts = [
  ["ordinary lyrics, 10,000 chars", repeatTo(ordinary, 10_000)],
  ["ordinary lyrics, 100,000 chars", repeatTo(ordinary, 100_000)],
  ["crafted (run of 1s), 10,000 chars", crafted(10_000)],
  ["crafted (run of 1s), 100,000 chars", crafted(100_000)],
  ["crafted (i + l1 pairs), 100,000 chars", "i" + "l1".repeat(49_999) + "1"],
] as const;
// Warm-up: the optimizing compiler runs on threads of this process, whose CPU the figures would count.
for (let i = 0; i < 10; i++) {
  for (const [, text] of texts) {
    screenWords(lists, { title: "Bench", credits: "Bench Artist", lyrics: text }, find);
    find(text);
  }
}
const rows: (string | number)[][] = [];
for (const [name, text] of texts) {
  const matches = find(text).length;
  const song = { title: "Bench", credits: "Bench Artist", lyrics: text };
  rows.push([name, matches, medianOf(() => find(text)).toFixed(2), medianOf(() => screenWords(lists, song, find)).toFixed(2)]);
}
printTable(
  `Linear matcher, ${lists.length.toLocaleString("en-US")} terms (compiled once: ${compileMs.toFixed(1)} ms), CPU ms, median of ${runs}`,
  ["text", "matches", "matcher ms", "screening ms"],
  rows,
);

const illicit = regexCompileTerms([{ term: "illicit", language: "en" }]);
const oldRows = [1_000, 2_001].map((length) => [
  `crafted (run of 1s), ${length.toLocaleString("en-US")} chars`,
  time(() => illicit(crafted(length))).toFixed(0),
]);
oldRows.push(["ordinary lyrics, 10,000 chars (median)", medianOf(() => regexCompileTerms(lists.slice(0, 200))(repeatTo(ordinary, 10_000))).toFixed(1)]);
printTable('The regular-expression matcher it replaced ("illicit" alone; ordinary lyrics: 200 terms), CPU ms', ["text", "ms"], oldRows);
