/**
 * Chromium for browser tests and benchmarks. The browser is part of a browser test's contract, so it
 * is pinned by the lockfile like every other dependency: the Chromium shipped inside the
 * `@sparticuz/chromium` npm package (its version is the package's), the same on every machine and
 * whatever the system's package manager installed that day. `CHROME_PATH` names another on purpose
 * (CI runs the browser tests once more against Debian's current Chromium that way).
 *
 * The package unpacks its browser into the temporary directory and reuses whatever `chromium` it finds
 * there, of any version; here it is unpacked once into a folder named by its version under
 * node_modules/.cache, so an upgrade of the package always brings its own browser.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { repoRoot } from "./wrangler-env.ts";

/** Flags for a closed network (no background calls to Google) and audio without a user gesture. */
const OFFLINE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

const PINNED_PACKAGE = "@sparticuz/chromium";

/** The pinned package's version, as installed from the lockfile. */
export function pinnedChromiumPackageVersion(): string {
  const entry = createRequire(import.meta.url).resolve(PINNED_PACKAGE);
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** Unpacks the pinned browser once per package version (an interrupted unpack leaves nothing behind). */
async function pinnedChromium(): Promise<string> {
  const dir = path.join(repoRoot, "node_modules", ".cache", "chromium", pinnedChromiumPackageVersion());
  const binary = path.join(dir, "chromium");
  if (existsSync(binary)) return binary;
  mkdirSync(path.dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.unpacking-`);
  const temporaryDir = process.env.TMPDIR;
  process.env.TMPDIR = staging; // where the package unpacks (os.tmpdir())
  try {
    const packaged = (await import(PINNED_PACKAGE)).default;
    // Its own launch flags are for AWS Lambda (`--single-process` makes the browser exit with its first
    // closed context, and it turns web security off): only its browser is used.
    const unpacked = await packaged.executablePath();
    if (unpacked !== path.join(staging, "chromium")) throw new Error(`${PINNED_PACKAGE} unpacked its browser to ${unpacked}, not ${staging}`);
  } finally {
    if (temporaryDir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = temporaryDir;
  }
  try {
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error; // else another process unpacked it first
  }
  return binary;
}

export async function chromiumExecutable(): Promise<string> {
  return process.env.CHROME_PATH || (await pinnedChromium());
}

/** What the browser says it is, e.g. "Chromium 153.0.8010.0", and whether it is the pinned one. */
export async function describeChromium(): Promise<string> {
  const executable = await chromiumExecutable();
  const version = execFileSync(executable, ["--version"], { encoding: "utf8" }).trim();
  return process.env.CHROME_PATH ? `${version} (CHROME_PATH=${executable})` : `${version} (pinned: ${PINNED_PACKAGE} ${pinnedChromiumPackageVersion()})`;
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), headless: true, args: [...OFFLINE_FLAGS, ...extraArgs] });
}
