/**
 * Names the Chromium the browser tests drive (scripts/chromium.ts), prepares the demo state and bundles
 * both Workers once (scripts/server-bundle.ts), and starts the product from copies of that state
 * (`wrangler dev` of the bundle on free loopback ports):
 * one server for each file the run drives at a time (the project's maxWorkers), so two files running
 * side by side never share a server's data or limits (support/shared-server.ts picks the file's one).
 * Files that need a server of their own start it from the same prepared state (support/own-server.ts).
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { describeChromium } from "../../scripts/chromium.ts";
import { prepareState, startLocalServer } from "../../scripts/local-server.ts";
import { bundleServers, type BundledWorkers } from "../../scripts/server-bundle.ts";

export interface SharedServer {
  baseURL: string;
  /** The operator password (ADMIN_PASSWORD) of that server, random per run. */
  adminPassword: string;
  /** The tablet provider's signing secret (PROVIDER_WEBHOOK_SECRET) of that server, random per run. */
  providerSecret: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One per worker slot, in slot order (VITEST_POOL_ID 1, 2, …). */
    sharedServers: SharedServer[];
    /** The migrated, seeded state every server of this run starts from a copy of. */
    preparedState: string;
    /** Both Workers, bundled once: every server of this run serves them. */
    serverBundle: BundledWorkers;
  }
}

export default async function setup(project: TestProject) {
  // Unpacks the pinned browser before any file launches it, and says which one this run drives.
  console.log(`browser tests: ${await describeChromium()}`);
  const [preparedState, bundle] = await Promise.all([prepareState(), bundleServers()]);
  const removeAll = async () => {
    await rm(preparedState, { recursive: true, force: true });
    await bundle.remove();
  };
  const maxWorkers = project.config.maxWorkers ?? project.vitest.config.maxWorkers;
  const slots = typeof maxWorkers === "number" ? maxWorkers : 1;
  // The provider's calls (signed purchases, listener tokens) work on the shared servers too, so a file
  // that reports a purchase needs no server of its own for that.
  const providerSecret = randomBytes(24).toString("hex");
  const starts = await Promise.allSettled(
    Array.from({ length: slots }, () => startLocalServer({ preparedState, bundle, vars: { PROVIDER_WEBHOOK_SECRET: providerSecret } })),
  );
  const servers = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = starts.find((start) => start.status === "rejected");
  if (failed) {
    // No server outlives a setup that failed: vitest runs no teardown then.
    await Promise.all(servers.map((server) => server.stop()));
    await removeAll();
    throw failed.reason;
  }
  project.provide(
    "sharedServers",
    servers.map(({ baseURL, adminPassword }) => ({ baseURL, adminPassword, providerSecret })),
  );
  project.provide("preparedState", preparedState);
  project.provide("serverBundle", { productMain: bundle.productMain, sandboxMain: bundle.sandboxMain });
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await removeAll();
  };
}
