/**
 * Starts the product once for all browser tests: a fresh local state (migrated, demo catalogue seeded)
 * and `wrangler dev` on a free loopback port. Tests read the address with `inject("baseURL")`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareLocal } from "../../scripts/local-state.ts";
import { startWrangler } from "../../scripts/wrangler-env.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function freePort(): Promise<number> {
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
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not serve ${url} within ${deadlineMs} ms`);
}

export default async function setup(project: TestProject) {
  const persistDir = await mkdtemp(path.join(os.tmpdir(), "jplay-e2e-"));
  await prepareLocal(persistDir, () => {});

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = "";
  let exitReason: string | null = null;
  const wrangler = startWrangler(
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistDir, "--show-interactive-dev-session=false", "--log-level", "warn"],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  wrangler.stdout?.on("data", (chunk) => (output += chunk));
  wrangler.stderr?.on("data", (chunk) => (output += chunk));
  wrangler.on("exit", (code) => (exitReason = `exit code ${code}\n${output}`));

  await waitUntilServing(`${baseURL}/api/songs/featured`, 90_000, () => exitReason);
  project.provide("baseURL", baseURL);

  return async () => {
    if (exitReason === null && wrangler.pid) {
      const stopped = new Promise((r) => wrangler.once("exit", r));
      process.kill(-wrangler.pid, "SIGTERM"); // the whole group: wrangler and its workerd
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5_000))]);
    }
    await rm(persistDir, { recursive: true, force: true });
  };
}
