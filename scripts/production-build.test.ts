/**
 * What a production deployment would ship contains no Stripe sandbox: the bundle `wrangler deploy
 * --env production --dry-run` builds holds none of its code, the deployment has no binding to it,
 * and the production migrations create none of its tables. The product's modules never import the
 * sandbox (nor the sandbox the product's), and neither has an import cycle: the sandbox reaches the
 * product only over HTTP, as Stripe does.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { CLIENT_BURST_PER_MINUTE, PUBLIC_READ_BURST_PER_MINUTE } from "../workers/api/src/platform/limits.ts";
import { buildWeb } from "./build-web.ts";
import { repoRoot, runWrangler } from "./wrangler-env.ts";

/** Strings only the sandbox's implementation holds (its tables, its 404 text, its hosted pages, its Worker). */
const SANDBOX_MARKERS = [
  "sandbox_objects",
  "sandbox_idempotency",
  "Unrecognized request URL",
  "/connect/onboarding/",
  "jplay-stripe-sandbox",
  "4000 0566 5566 5556",
];

describe("the production build", () => {
  let outDir: string;
  let output: string;

  beforeAll(async () => {
    if (!existsSync(path.join(repoRoot, "apps/web/dist"))) await buildWeb();
    outDir = await mkdtemp(path.join(os.tmpdir(), "jplay-production-"));
    output = await runWrangler(["deploy", "--dry-run", "--env", "production", "--outdir", outDir]);
  }, 120_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("bundles no sandbox code", () => {
    const bundle = readFileSync(path.join(outDir, "index.js"), "utf8");
    expect(bundle.length).toBeGreaterThan(100_000);
    for (const marker of SANDBOX_MARKERS) expect(bundle.includes(marker), marker).toBe(false);
  });

  it("binds what production needs and nothing local: APP_ENV is production, its https public origin, no sandbox binding", () => {
    const bindings = output.slice(output.indexOf("bindings:"));
    for (const binding of [
      "env.DB (jplay)",
      "env.MEDIA (jplay-media)",
      "env.JOBS (jplay-jobs)",
      `env.CLIENT_BURSTS (${CLIENT_BURST_PER_MINUTE} requests/60s)`,
      `env.PUBLIC_READ_BURSTS (${PUBLIC_READ_BURST_PER_MINUTE} requests/60s)`,
      "env.TRANSFER_PACER (TransferPacer)",
      "env.ASSETS",
      'env.APP_ENV ("production")',
      'env.APP_ORIGIN ("https://',
    ]) {
      expect(bindings).toContain(binding);
    }
    expect(bindings).not.toMatch(/STRIPE_SANDBOX|stripe-sandbox|ADMIN_PASSWORD|DISTRIBUTION_SECONDS_PER_HOUR/);
  });

  it("deploys production only as its own Worker, on its custom domain alone; the top level is named for development", () => {
    const development = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml") });
    const production = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml"), env: "production" });
    expect(development.name).toBe("jplay-dev");
    expect(development.vars.APP_ENV).toBe("development");
    expect(production.name).toBe("jplay");
    expect(production.vars.APP_ENV).toBe("production");
    expect(production.workers_dev).toBe(false);
    expect(production.routes).toEqual([{ pattern: expect.any(String), custom_domain: true }]);
    const domain = (production.routes![0] as { pattern: string }).pattern;
    expect(production.vars.APP_ORIGIN).toBe(`https://${domain}`);
    // Its logs are kept (Workers Logs) and its stack traces map to the source.
    expect(production.observability?.enabled).toBe(true);
    expect(production.upload_source_maps).toBe(true);
  });

  it("declares no Workers AI binding and names no speech-to-text model at the top level: `pnpm dev` and the tests send no audio anywhere", () => {
    const development = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml") });
    expect(development.ai).toBeUndefined();
    expect(development.vars.SPEECH_TO_TEXT_MODEL).toBeUndefined();
  });

  it("counts client bursts with the limit the Worker names (platform/limits.ts), in a namespace of each deployment's own", () => {
    const development = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml") });
    const production = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml"), env: "production" });
    const bursts = { name: "CLIENT_BURSTS", namespace_id: expect.stringMatching(/^\d+$/), simple: { limit: CLIENT_BURST_PER_MINUTE, period: 60 } };
    const reads = { name: "PUBLIC_READ_BURSTS", namespace_id: expect.stringMatching(/^\d+$/), simple: { limit: PUBLIC_READ_BURST_PER_MINUTE, period: 60 } };
    expect(development.ratelimits).toEqual([bursts, reads]);
    expect(production.ratelimits).toEqual([bursts, reads]);
    // Each environment and each binding counts in a namespace of its own.
    const namespaces = [...development.ratelimits, ...production.ratelimits].map((binding) => binding.namespace_id);
    expect(new Set(namespaces).size).toBe(4);
  });

  it("migrates no sandbox table", () => {
    const migrations = path.join(repoRoot, "schema/migrations");
    const sql = readdirSync(migrations)
      .filter((file) => file.endsWith(".sql"))
      .map((file) => readFileSync(path.join(migrations, file), "utf8"));
    expect(sql.length).toBeGreaterThan(0);
    for (const text of sql) expect(text).not.toMatch(/sandbox/i);
  });
});

// ---- Imports ---------------------------------------------------------------------------------------

/** Imports that load a module at run time (`import type` is erased, so it cannot make a cycle). */
const IMPORT = /^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry) && !/\.test\.ts$/.test(entry) ? [full] : [];
  });
}

/** Every module's imports: relative ones resolved to files, others as written (packages). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)].map((match) => {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      if (!specifier.startsWith(".")) return specifier;
      const base = path.resolve(path.dirname(file), specifier);
      return [base, `${base}.ts`, path.join(base, "index.ts")].find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? base;
    });
    graph.set(file, targets);
  }
  return graph;
}

/** The first import cycle found, as a list of files, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "visiting") return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("the product and the sandbox stay apart", () => {
  const product = importGraph(path.join(repoRoot, "workers/api/src"));
  const sandboxDir = path.join(repoRoot, "workers/stripe-sandbox");
  const sandbox = importGraph(path.join(sandboxDir, "src"));

  it("the product imports nothing of the sandbox", () => {
    const imports = [...product.entries()].flatMap(([file, targets]) => targets.map((target) => [file, target] as const));
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.filter(([, target]) => target.includes("stripe-sandbox/") || target.startsWith("@jplay/stripe-sandbox"))).toEqual([]);
  });

  it("the sandbox imports only its own modules, hono and stripe", () => {
    const outside = [...sandbox.entries()].flatMap(([file, targets]) =>
      targets
        .filter((target) => (path.isAbsolute(target) ? !target.startsWith(sandboxDir) : !/^(hono|stripe)(\/|$)/.test(target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("neither has an import cycle", () => {
    expect(findCycle(product)).toBeNull();
    expect(findCycle(sandbox)).toBeNull();
  });
});
