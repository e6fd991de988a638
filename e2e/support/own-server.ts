/**
 * A server for one browser-test file alone (its own state, variables or cron), started from the run's
 * prepared demo state and bundle (global-setup.ts) rather than migrating, seeding and bundling afresh.
 */
import { inject } from "vitest";
import { startLocalServer, type LocalServer, type LocalServerOptions } from "../../scripts/local-server.ts";

export type { LocalServer };

export const startOwnServer = (options: Omit<LocalServerOptions, "preparedState" | "bundle"> = {}): Promise<LocalServer> =>
  startLocalServer({ ...options, preparedState: inject("preparedState"), bundle: inject("serverBundle") });
