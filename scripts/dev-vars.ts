/**
 * Local secrets: `.dev.vars` is made from `.dev.vars.example` on first use, with each "generate"
 * value replaced by a random one, so a fresh clone runs without anyone inventing secrets by hand.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./wrangler-env.ts";

const generated = (name: string) => `${name}=${name === "STRIPE_WEBHOOK_SECRET" ? "whsec_" : ""}${randomBytes(24).toString("hex")}`;

export function ensureDevVars(log: (line: string) => void): void {
  const target = path.join(repoRoot, ".dev.vars");
  const example = readFileSync(path.join(repoRoot, ".dev.vars.example"), "utf8");
  if (existsSync(target)) {
    // A secret added to the example since .dev.vars was made (e.g. ADMIN_PASSWORD) is appended.
    const present = readFileSync(target, "utf8");
    const missing = [...example.matchAll(/^([A-Z_]+)=generate$/gm)].map((m) => m[1]!).filter((name) => !new RegExp(`^${name}=`, "m").test(present));
    if (missing.length === 0) return;
    writeFileSync(target, `${present.replace(/\n?$/, "\n")}${missing.map(generated).join("\n")}\n`, { mode: 0o600 });
    log(`added ${missing.join(", ")} to .dev.vars`);
    return;
  }
  const filled = example.replace(/^([A-Z_]+)=generate$/gm, (_line, name: string) => generated(name));
  writeFileSync(target, filled, { mode: 0o600 });
  log("created .dev.vars with fresh local secrets");
}

/**
 * Random secrets for a throw-away server (tests, benchmarks), passed as `wrangler dev --var`. The
 * admin password is the caller's so browser tests can sign in as the operator.
 */
export function throwAwaySecretArgs(adminPassword: string = randomBytes(24).toString("hex")): string[] {
  return [
    "--var", `ADMIN_PASSWORD:${adminPassword}`,
    "--var", `SESSION_SECRET:${randomBytes(24).toString("hex")}`,
    "--var", `STRIPE_WEBHOOK_SECRET:whsec_${randomBytes(24).toString("hex")}`,
    // Every browser of a test run shares 127.0.0.1; the per-address limit itself is a Worker test.
    "--var", "SETUP_INTENTS_PER_ADDRESS_PER_HOUR:1000",
  ];
}
