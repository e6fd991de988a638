/**
 * `pnpm cf-typegen`: regenerates the api Worker's binding and runtime types
 * (workers/api/worker-configuration.d.ts) from wrangler.toml with `wrangler types`, offline. Secrets
 * are read from an empty env file, never from a developer's .dev.vars or .env, so the file is the
 * same on every machine and CI can regenerate it and fail on a difference (.ci/run). Vars are typed
 * as strings, not as the values wrangler.toml gives them (APP_ORIGIN is each deployment's own).
 */
import { runWrangler } from "./wrangler-env.ts";

export const WORKER_TYPES_PATH = "workers/api/worker-configuration.d.ts";

await runWrangler(["types", WORKER_TYPES_PATH, "--env-file", "/dev/null", "--strict-vars=false"]);
console.log(`[cf-typegen] wrote ${WORKER_TYPES_PATH}`);
