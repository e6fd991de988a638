/**
 * How every script starts wrangler: offline and quiet (docs/architecture.md, Local is embedded and offline), with the Node 22 that
 * pnpm put on PATH, and from the repo root so wrangler.toml is found.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "..");
export const wranglerBin = path.join(repoRoot, "node_modules/.bin/wrangler");
export const defaultPersistDir = path.join(repoRoot, ".wrangler/state");
/** The Stripe sandbox Worker's configuration; its secrets are in the .dev.vars beside it. */
export const sandboxConfigPath = path.join(repoRoot, "workers/stripe-sandbox/wrangler.toml");

/**
 * `wrangler dev` arguments that run the product and, beside it, the Stripe sandbox Worker it reaches
 * through the local-only STRIPE_SANDBOX binding. The first configuration is the one that serves.
 */
export const productWithSandboxConfigs = (sandboxConfig: string = sandboxConfigPath) => ["-c", path.join(repoRoot, "wrangler.toml"), "-c", sandboxConfig];

export const offlineEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
});

export function startWrangler(args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(wranglerBin, args, { cwd: repoRoot, env: offlineEnv(), stdio: "inherit", ...options });
}

/** Run a wrangler command to completion; rejects with its output when it fails. */
export function runWrangler(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = startWrangler(args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.join(" ")} failed (${code}):\n${output}`))));
  });
}
