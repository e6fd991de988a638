/**
 * Names the Chromium the browser tests drive (scripts/chromium.ts), then starts the product once for
 * all browser tests (fresh state, demo catalogue, `wrangler dev` on a free loopback port). Tests read the address with `inject("baseURL")` and the operator password with
 * `inject("adminPassword")`.
 */
import type { TestProject } from "vitest/node";
import { describeChromium } from "../../scripts/chromium.ts";
import { startLocalServer } from "../../scripts/local-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  // Unpacks the pinned browser before any file launches it, and says which one this run drives.
  console.log(`browser tests: ${await describeChromium()}`);
  const server = await startLocalServer();
  project.provide("baseURL", server.baseURL);
  project.provide("adminPassword", server.adminPassword);
  return () => server.stop();
}
