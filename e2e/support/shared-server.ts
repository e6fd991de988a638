/**
 * The running product a browser-test file drives: the shared server of the worker slot the file runs
 * in (global-setup.ts starts one per slot), so files side by side each see a server no other running
 * file changes, while files one after another in a slot share it as they always have.
 */
import { inject } from "vitest";
import type { SharedServer } from "./global-setup";

export function sharedServer(): SharedServer {
  const servers = inject("sharedServers");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  const server = servers[(slot - 1) % servers.length];
  if (!server) throw new Error("no shared server was started (e2e/support/global-setup.ts)");
  return server;
}
