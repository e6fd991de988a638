/**
 * A server for one browser-test file alone (its own state, variables or cron), started from the run's
 * prepared demo state (global-setup.ts) rather than migrating and seeding afresh.
 */
import { inject } from "vitest";
import { startLocalServer, type LocalServer, type LocalServerOptions } from "../../scripts/local-server.ts";

export type { LocalServer };

export const startOwnServer = (options: Omit<LocalServerOptions, "preparedState"> = {}): Promise<LocalServer> =>
  startLocalServer({ ...options, preparedState: inject("preparedState") });
