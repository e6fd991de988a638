/** Builds the SPA that the Worker serves as static assets (apps/web/dist). */
import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "./wrangler-env.ts";

export function buildWeb(): Promise<void> {
  const webDir = path.join(repoRoot, "apps/web");
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(webDir, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: webDir, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
}
