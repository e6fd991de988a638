/**
 * A throw-away copy of the whole product for tests and benchmarks: fresh local state (migrated, demo
 * catalogue seeded) in a temporary folder and `wrangler dev` on a free loopback port.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { throwAwaySecretArgs } from "./dev-vars.ts";
import { prepareLocal } from "./local-state.ts";
import { startWrangler } from "./wrangler-env.ts";

export interface LocalServer {
  baseURL: string;
  persistDir: string;
  /** This server's operator password (ADMIN_PASSWORD), random per run. */
  adminPassword: string;
  /** The `wrangler dev` process; it leads a process group that holds its workerd (benchmarks read /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on right now (servers started by tests and benchmarks). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilServing(url: string, deadlineMs: number, exited: () => string | null) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(`wrangler dev stopped before serving: ${failure}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not serve ${url} within ${deadlineMs} ms`);
}

export interface LocalServerOptions {
  /** Extra Worker variables (`wrangler dev --var`), e.g. compressed delivery windows for a test. */
  vars?: Record<string, string>;
  /** Extra `wrangler dev` flags (e.g. `--test-scheduled` for benchmarks that trigger the cron). */
  wranglerArgs?: string[];
  /** `wrangler dev --log-level` (default warn); `info` adds one line per queue batch. */
  logLevel?: "warn" | "info";
  /** Sees wrangler's output as it comes (e.g. a benchmark timing queue batches). */
  onOutput?: (chunk: string) => void;
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const persistDir = await mkdtemp(path.join(os.tmpdir(), "jplay-local-"));
  await prepareLocal(persistDir, () => {});

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const adminPassword = randomBytes(18).toString("hex");
  let output = "";
  let exitReason: string | null = null;
  const wrangler = startWrangler(
    [
      "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistDir, "--show-interactive-dev-session=false", "--log-level", options.logLevel ?? "warn",
      ...throwAwaySecretArgs(adminPassword),
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...(options.wranglerArgs ?? []),
    ],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const collect = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(chunk.toString());
  };
  wrangler.stdout?.on("data", collect);
  wrangler.stderr?.on("data", collect);
  wrangler.on("exit", (code) => (exitReason = `exit code ${code}\n${output}`));

  const stop = async () => {
    if (exitReason === null && wrangler.pid) {
      const stopped = new Promise((r) => wrangler.once("exit", r));
      process.kill(-wrangler.pid, "SIGTERM"); // the whole group: wrangler and its workerd
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5_000))]);
    }
    await rm(persistDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(`${baseURL}/api/songs/featured`, 90_000, () => exitReason);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, persistDir, adminPassword, pid: wrangler.pid!, stop };
}
