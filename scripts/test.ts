/**
 * `pnpm test`: build the SPA the browser tests drive, then run every vitest project (unit, worker,
 * e2e). Extra arguments go to vitest, e.g. `pnpm test --project worker`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWeb } from "./build-web.ts";
import { offlineEnv, repoRoot } from "./wrangler-env.ts";

await buildWeb();
const vitest = spawn(path.join(repoRoot, "node_modules/.bin/vitest"), ["run", ...process.argv.slice(2)], {
  cwd: repoRoot,
  env: offlineEnv(),
  stdio: "inherit",
});
vitest.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
