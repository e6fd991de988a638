/**
 * Local secrets: `.dev.vars` is made from `.dev.vars.example` on first use, with each "generate"
 * value replaced by a random one, so a fresh clone runs without anyone inventing secrets by hand.
 * The Stripe sandbox Worker signs webhooks with the same secrets the product verifies them with, as
 * Stripe and a merchant share an endpoint's secret: they are copied to its own .dev.vars.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot, sandboxConfigPath } from "./wrangler-env.ts";

const isWebhookSecret = (name: string) => name === "STRIPE_WEBHOOK_SECRET" || name === "STRIPE_CONNECT_WEBHOOK_SECRET";

/** A fresh Ed25519 private key as a one-line JWK: what RECEIPT_SIGNING_KEY holds (workers/api/src/provider/receipts/receipt-keys.ts). */
export const newReceiptSigningKey = () => JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }));

const generated = (name: string) =>
  name === "RECEIPT_SIGNING_KEY" ? `${name}=${newReceiptSigningKey()}` : `${name}=${isWebhookSecret(name) ? "whsec_" : ""}${randomBytes(24).toString("hex")}`;

/**
 * What the sandbox Worker needs of the product's secrets: the webhook endpoints' signing secrets, and
 * the keys of the Turnstile stand-in's site (workers/stripe-sandbox/src/http/turnstile.ts).
 */
export const SANDBOX_SHARED_SECRETS = ["STRIPE_WEBHOOK_SECRET", "STRIPE_CONNECT_WEBHOOK_SECRET", "TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"] as const;

/** Writes the sandbox's .dev.vars next to its configuration (`sandboxConfig`). */
export function writeSandboxDevVars(values: Partial<Record<(typeof SANDBOX_SHARED_SECRETS)[number], string>>, sandboxConfig = sandboxConfigPath): void {
  const lines = SANDBOX_SHARED_SECRETS.filter((name) => values[name]).map((name) => `${name}=${values[name]}`);
  mkdirSync(path.dirname(sandboxConfig), { recursive: true });
  writeFileSync(
    path.join(path.dirname(sandboxConfig), ".dev.vars"),
    `# Copied from the product's .dev.vars by scripts/dev-vars.ts; edit that file instead.\n${lines.join("\n")}\n`,
    { mode: 0o600 },
  );
}

const devVarsValues = (devVars: string): Record<string, string> =>
  Object.fromEntries([...devVars.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));

function syncSandboxDevVars(productDevVars: string): void {
  writeSandboxDevVars(devVarsValues(productDevVars));
}

/** The product's webhook secret settings in .dev.vars (each may list several, comma-separated), for the endpoint sync. */
export function devWebhookSecrets(): { STRIPE_WEBHOOK_SECRET?: string; STRIPE_CONNECT_WEBHOOK_SECRET?: string } {
  const target = path.join(repoRoot, ".dev.vars");
  const values = existsSync(target) ? devVarsValues(readFileSync(target, "utf8")) : {};
  return { STRIPE_WEBHOOK_SECRET: values.STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: values.STRIPE_CONNECT_WEBHOOK_SECRET };
}

export function ensureDevVars(log: (line: string) => void): void {
  const target = path.join(repoRoot, ".dev.vars");
  const example = readFileSync(path.join(repoRoot, ".dev.vars.example"), "utf8");
  if (existsSync(target)) {
    // A secret added to the example since .dev.vars was made (e.g. ADMIN_PASSWORD) is appended.
    const present = readFileSync(target, "utf8");
    const missing = [...example.matchAll(/^([A-Z_]+)=generate$/gm)].map((m) => m[1]!).filter((name) => !new RegExp(`^${name}=`, "m").test(present));
    if (missing.length > 0) {
      writeFileSync(target, `${present.replace(/\n?$/, "\n")}${missing.map(generated).join("\n")}\n`, { mode: 0o600 });
      log(`added ${missing.join(", ")} to .dev.vars`);
    }
    syncSandboxDevVars(readFileSync(target, "utf8"));
    return;
  }
  const filled = example.replace(/^([A-Z_]+)=generate$/gm, (_line, name: string) => generated(name));
  writeFileSync(target, filled, { mode: 0o600 });
  syncSandboxDevVars(filled);
  log("created .dev.vars with fresh local secrets");
}

/**
 * Random secrets for a throw-away server (tests, benchmarks): the product's, passed as
 * `wrangler dev --var`, and the webhook secrets the sandbox shares (`sandboxSecrets`, for its own
 * .dev.vars). The admin password is the caller's so browser tests can sign in as the operator.
 */
export function throwAwaySecrets(adminPassword: string = randomBytes(24).toString("hex")) {
  const sandboxSecrets = {
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    TURNSTILE_SITE_KEY: `0x-standin-${randomBytes(12).toString("hex")}`,
    TURNSTILE_SECRET_KEY: `0x-standin-${randomBytes(24).toString("hex")}`,
  };
  const vars: Record<string, string> = {
    ADMIN_PASSWORD: adminPassword,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    RECEIPT_SIGNING_KEY: newReceiptSigningKey(),
    ...sandboxSecrets,
    // Every browser of a test run shares 127.0.0.1 and a run sets up many artists a minute, some of
    // them uploading many songs; the limits themselves are Worker tests (src/platform/limits.ts).
    // The burst per client (30 requests a minute to each payment-setup route, wrangler.toml
    // CLIENT_BURSTS) is off: two browser files at once can pass it from the one address.
    CLIENT_BURST_CHECK: "off",
    SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "1000",
    CARD_SAVES_PER_ADDRESS_PER_HOUR: "1000",
    // Nor is any browser challenged for its address's or everyone's attempts (a test about the
    // challenge starts a server of its own with lower values: e2e/payment-challenge.e2e.test.ts).
    UNCHALLENGED_SETUP_INTENTS_PER_ADDRESS_PER_HOUR: "1000",
    UNCHALLENGED_CARD_SAVES_PER_ADDRESS_PER_HOUR: "1000",
    CARD_CHECKS_PER_MINUTE: "1000",
    MAX_UNPAID_SONGS_PER_ARTIST: "1000",
  };
  return { args: Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]), sandboxSecrets };
}
