/**
 * The Worker's own JavaScript, run in this Node's V8 (the engine workerd embeds) so its CPU per
 * request can be read exactly with `process.cpuUsage()`. The wrangler-dev inspector cannot give that
 * figure: its sampling profiler files the wall time between two samples under whatever JavaScript is
 * on the stack, so short bursts of work between I/O waits are overcounted (a 1 ms interval reads more
 * than the whole workerd process's CPU). Bundled as wrangler bundles it (its esbuild, workerd's export
 * conditions); the platform parts are stood in for:
 * - `cloudflare:workers` (`env`, `waitUntil`): a module of plain values;
 * - D1: the demo catalogue's SQLite file from a throw-away local server, through node:sqlite;
 * - the Cache API (`caches.default`): a Map of stored bodies, as a colo's cache answers a hit;
 * - Request/Response: Node's (undici), where workerd has its own native ones.
 * Used by worker-cpu.ts for the catalogue calls answered from the edge cache.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { pathToFileURL } from "node:url";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** What this calls of esbuild (wrangler's dependency, not one of ours, so typed here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { path: string; contents: Uint8Array }[] }>;
}

type SqlValue = string | number | bigint | null | Uint8Array;

/** D1's statement API as drizzle's D1 driver and our services call it, over one node:sqlite database. */
function d1Over(db: DatabaseSync) {
  const statement = (sql: string, params: SqlValue[] = []) => {
    const prepared = (): StatementSync => db.prepare(sql);
    return {
      bind: (...values: SqlValue[]) => statement(sql, values),
      all: async () => ({ results: prepared().all(...params), success: true, meta: {} }),
      first: async (column?: string) => {
        const row = prepared().get(...params) as Record<string, unknown> | undefined;
        return row === undefined ? null : column ? row[column] : row;
      },
      raw: async () => {
        const query = prepared();
        query.setReturnArrays(true);
        return query.all(...params);
      },
      run: async () => {
        const result = prepared().run(...params);
        return { success: true, results: [], meta: { changes: Number(result.changes), last_row_id: Number(result.lastInsertRowid) } };
      },
    };
  };
  return {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: { all: () => Promise<unknown> }[]) => Promise.all(statements.map((s) => s.all())),
  };
}

/** The Cache API as a hit sees it: put keeps the body and headers, match answers a fresh Response. */
class MapCache {
  readonly #entries = new Map<string, { body: ArrayBuffer; headers: [string, string][]; status: number }>();
  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.#entries.get(key instanceof Request ? key.url : String(key));
    return entry && new Response(entry.body, { status: entry.status, headers: entry.headers });
  }
  async put(key: RequestInfo | URL, response: Response): Promise<void> {
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    this.#entries.set(key instanceof Request ? key.url : String(key), { body: await response.arrayBuffer(), headers, status: response.status });
  }
  async delete(key: RequestInfo | URL): Promise<boolean> {
    return this.#entries.delete(key instanceof Request ? key.url : String(key));
  }
}

export interface WorkerInNode {
  fetch(request: Request): Promise<Response>;
  /** Background work the Worker handed to waitUntil, awaited. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** The Worker (workers/api/src/index.ts) bundled and loaded here, its D1 the given database. */
export async function loadWorkerInNode(db: DatabaseSync, vars: Record<string, string>): Promise<WorkerInNode> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "jplay-worker-in-node-"));
  const runtimeStub = path.join(dir, "cloudflare-workers.mjs");
  await writeFile(
    runtimeStub,
    [
      "export const env = globalThis.__workerEnv;",
      "export const waitUntil = (promise) => globalThis.__workerBackground.push(promise);",
      "export class WorkerEntrypoint {}",
      "export class DurableObject {}",
    ].join("\n"),
  );
  const esbuild = createRequire(path.join(repoRoot, "node_modules/wrangler/package.json"))("esbuild") as Esbuild;
  const result = await esbuild.build({
    entryPoints: [path.join(repoRoot, "workers/api/src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker"],
    alias: { "cloudflare:workers": runtimeStub },
    external: ["node:*", ...builtinModules], // nodejs_compat: bare built-ins are the runtime's
    // CommonJS dependencies (music-metadata's debug) require built-ins, which workerd's nodejs_compat provides.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    loader: { ".wasm": "empty" }, // the cover codecs: not on the catalogue's path
    outdir: dir,
    write: false,
    logLevel: "silent",
  });
  const bundle = path.join(dir, "worker.mjs");
  await writeFile(bundle, result.outputFiles[0]!.contents);

  const background: Promise<unknown>[] = [];
  const env = { ...vars, DB: d1Over(db) };
  Object.assign(globalThis, { __workerEnv: env, __workerBackground: background, caches: { default: new MapCache() } });
  const worker = ((await import(pathToFileURL(bundle).href)) as { default: { fetch: (r: Request, e: unknown, c: unknown) => Promise<Response> } }).default;
  const ctx = { waitUntil: (promise: Promise<unknown>) => background.push(promise), passThroughOnException: () => {} };
  return {
    fetch: (request) => worker.fetch(request, env, ctx),
    settle: async () => {
      await Promise.all(background.splice(0));
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
