/**
 * The product's storage (D1, R2) opened from Node through wrangler's getPlatformProxy, over the state
 * folder `wrangler dev --persist-to` uses: the demo seed, its test and the crash tests read and write
 * it so. The proxy is given a copy of wrangler.toml's storage bindings alone: the full configuration
 * also binds the Durable Object that paces payouts (TRANSFER_PACER), which getPlatformProxy cannot
 * run and would warn "will not work in local development" about, though nothing here uses it and
 * `wrangler dev` runs it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { offlineEnv, repoRoot } from "./wrangler-env.ts";

interface D1Binding {
  binding: string;
  database_name?: string;
  database_id?: string;
}
interface R2Binding {
  binding: string;
  bucket_name?: string;
}

let storageConfig: string | undefined;

/** A wrangler.json with the product's D1 and R2 bindings as wrangler.toml declares them, written once per process. */
function storageConfigPath(): string {
  if (storageConfig) return storageConfig;
  const config = unstable_readConfig({ config: path.join(repoRoot, "wrangler.toml") });
  const storage = {
    name: config.name,
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    d1_databases: config.d1_databases.map(({ binding, database_name, database_id }: D1Binding) => ({ binding, database_name, database_id })),
    r2_buckets: config.r2_buckets.map(({ binding, bucket_name }: R2Binding) => ({ binding, bucket_name })),
  };
  storageConfig = path.join(mkdtempSync(path.join(os.tmpdir(), "jplay-storage-")), "wrangler.json");
  writeFileSync(storageConfig, JSON.stringify(storage, null, 2));
  return storageConfig;
}

/** The product's D1 and R2 over `persistDir` (a `wrangler dev --persist-to` folder); dispose when done. */
export function openProductStorage<Bindings extends Record<string, unknown>>(persistDir: string) {
  Object.assign(process.env, offlineEnv());
  // getPlatformProxy persists to `<path>/v3`, the layout `wrangler dev --persist-to <path>` uses.
  return getPlatformProxy<Bindings>({ configPath: storageConfigPath(), persist: { path: path.join(persistDir, "v3") } });
}
