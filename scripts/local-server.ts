/**
 * A throw-away copy of the whole product for tests and benchmarks: fresh local state (migrated, demo
 * catalogue seeded) in a temporary folder and `wrangler dev` on a free loopback port, its Stripe
 * sandbox holding the product's webhook endpoints. Crash tests
 * kill it hard (`crash`) and start it again on the same state and port (`restart`).
 *
 * Migrating and seeding take most of a start (about 18 of 20 s on two cores): a run that starts many
 * servers prepares that state once (`prepareState`) and each server starts from a copy of it.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { throwAwaySecrets, writeSandboxDevVars } from "./dev-vars.ts";
import { prepareLocal } from "./local-state.ts";
import type { BundledWorkers } from "./server-bundle.ts";
import { syncLocalEndpoints } from "./webhook-endpoints.ts";
import { productWithSandboxConfigs, sandboxConfigPath, startWrangler } from "./wrangler-env.ts";

/**
 * A copy of the sandbox's configuration in this server's folder, so its own .dev.vars (wrangler reads
 * the one beside the configuration) holds this server's webhook secrets: each throw-away server
 * shares them only with its own sandbox.
 */
async function throwAwaySandboxConfig(folder: string, secrets: Parameters<typeof writeSandboxDevVars>[0], bundle: BundledWorkers | undefined): Promise<string> {
  const dir = path.join(folder, "stripe-sandbox");
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, "wrangler.toml");
  const source = readFileSync(sandboxConfigPath, "utf8");
  const main = bundle
    ? `main = ${JSON.stringify(bundle.sandboxMain)}\nno_bundle = true`
    : `main = ${JSON.stringify(path.join(path.dirname(sandboxConfigPath), "src/index.ts"))}`;
  await writeFile(config, source.replace(/^main = ".*"$/m, main));
  writeSandboxDevVars(secrets, config);
  // Stripe's request-rate limits off (the sandbox's rate-limits.ts): a test run sets up many artists a
  // second from one place; a test or benchmark about the limits sets them with the sandbox's helper.
  appendFileSync(path.join(dir, ".dev.vars"), "RATE_LIMITS=off\n");
  return config;
}

export interface LocalServer {
  baseURL: string;
  persistDir: string;
  /** This server's operator password (ADMIN_PASSWORD), random per run. */
  adminPassword: string;
  /** The `wrangler dev` process; it leads a process group that holds its workerd (benchmarks read /proc). */
  readonly pid: number;
  stop(): Promise<void>;
  /** SIGKILL to the whole process group (wrangler, workerd): the Worker stops mid-request; the state stays. */
  crash(): Promise<void>;
  /** Starts `wrangler dev` again with the same state folder, port and variables; resolves once it serves. */
  restart(): Promise<void>;
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
  /** Extra `wrangler dev` flags (e.g. `--inspector-port` for a benchmark that reads the isolate's heap). */
  wranglerArgs?: string[];
  /** `wrangler dev --log-level` (default warn); `info` adds one line per queue batch, `log` the Worker's own console.log lines. */
  logLevel?: "warn" | "info" | "log";
  /** Sees wrangler's output as it comes (e.g. a benchmark timing queue batches). */
  onOutput?: (chunk: string) => void;
  /** A folder `prepareState` filled: the server starts from a copy of it instead of migrating and seeding. */
  preparedState?: string | undefined;
  /**
   * Both Workers bundled already (server-bundle.ts): served as they are, with no bundling and no
   * watcher.
   */
  bundle?: BundledWorkers | undefined;
}

/** Fresh local state, migrated and seeded with the demo catalogue, in a new temporary folder. */
export async function prepareState(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "jplay-state-"));
  await prepareLocal(folder, () => {}, { fresh: true });
  return folder;
}

/** One `wrangler dev` process group and how it ended, if it has. */
function launchWrangler(args: string[], onOutput?: (chunk: string) => void) {
  let output = "";
  let exitReason: string | null = null;
  const wrangler = startWrangler(args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = new Promise<void>((resolve) => wrangler.once("exit", () => resolve()));
  const collect = (chunk: Buffer) => {
    output += chunk;
    onOutput?.(chunk.toString());
  };
  wrangler.stdout?.on("data", collect);
  wrangler.stderr?.on("data", collect);
  wrangler.on("exit", (code, signal) => (exitReason = `exit code ${code ?? signal}\n${output}`));
  /** Signals the whole group (wrangler and its workerd) and waits up to `waitMs` for wrangler to exit. */
  const signalGroup = async (signal: NodeJS.Signals, waitMs: number) => {
    if (exitReason !== null || !wrangler.pid) return;
    try {
      process.kill(-wrangler.pid, signal);
    } catch {
      // the group is gone already
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, waitMs))]);
  };
  return { pid: wrangler.pid!, exitReason: () => exitReason, signalGroup };
}

/**
 * Whether a process of group `pgid` still runs. Killed processes the system has not reaped yet
 * (zombies: no open files, no ports) count as gone; without /proc, any process counts.
 */
function groupRunning(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  return entries.some((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(group) === pgid && state !== "Z";
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** Resolves once no process of group `pgid` runs any more (bounded). */
async function groupGone(pgid: number, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline && groupRunning(pgid)) await new Promise((r) => setTimeout(r, 25));
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const persistDir = await mkdtemp(path.join(os.tmpdir(), "jplay-local-"));
  if (options.preparedState) await cp(options.preparedState, persistDir, { recursive: true });
  else await prepareLocal(persistDir, () => {}, { fresh: true });

  const adminPassword = randomBytes(18).toString("hex");
  const secrets = throwAwaySecrets(adminPassword);
  const sandboxConfig = await throwAwaySandboxConfig(persistDir, secrets.sandboxSecrets, options.bundle);
  // Kept for `restart`: the same port and secrets, so sessions and signed webhooks stay valid across a crash.
  let port = 0;
  const argsOn = async (newPort: number) => {
    // wrangler's devtools port too: its default (the first free one from 9229) races when servers start
    // side by side, and the loser fails with "Address already in use".
    const inspectorPort = await freePort();
    return [
      "dev",
      ...(options.bundle ? [options.bundle.productMain, "--no-bundle"] : []),
      ...productWithSandboxConfigs(sandboxConfig),
      "--ip",
      "127.0.0.1",
      "--port",
      String(newPort),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      "--log-level",
      options.logLevel ?? "warn",
      ...secrets.args,
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...(options.wranglerArgs ?? []),
    ];
  };
  let wrangler: ReturnType<typeof launchWrangler> | undefined;

  const stop = async () => {
    await wrangler?.signalGroup("SIGTERM", 5_000);
    await rm(persistDir, { recursive: true, force: true });
  };
  const crash = async () => {
    if (!wrangler) return;
    await wrangler.signalGroup("SIGKILL", 5_000);
    await groupGone(wrangler.pid, 5_000);
  };
  /**
   * Starts wrangler and resolves once it serves. A port the system handed out free may be taken before
   * wrangler binds it (another server starting beside this one, which also picks its inner sockets'
   * ports itself): that start is made again on fresh ports, the product's own port too unless kept.
   */
  const serve = async ({ keepPort }: { keepPort: boolean }) => {
    for (let attempt = 1; ; attempt++) {
      if (!keepPort || port === 0) port = await freePort();
      const launched = launchWrangler(await argsOn(port), options.onOutput);
      wrangler = launched;
      try {
        await waitUntilServing(`http://127.0.0.1:${port}/api/songs/featured`, 90_000, launched.exitReason);
        return;
      } catch (error) {
        await launched.signalGroup("SIGTERM", 5_000);
        if (attempt < 3 && error instanceof Error && error.message.includes("Address already in use")) continue;
        await stop();
        throw error;
      }
    }
  };
  const restart = async () => {
    if (wrangler?.exitReason() === null) throw new Error("restart() needs the server stopped first (crash())");
    await serve({ keepPort: true });
  };

  await serve({ keepPort: false });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    // The sandbox sends events only to endpoints made for them, as Stripe does.
    await syncLocalEndpoints(baseURL);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseURL,
    persistDir,
    adminPassword,
    get pid() {
      return wrangler!.pid;
    },
    stop,
    crash,
    restart,
  };
}
