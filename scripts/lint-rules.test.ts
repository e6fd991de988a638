/**
 * The linter's layer rules (eslint.config.js, docs/architecture.md "Layers") really fire: a config that
 * silently matched nothing would let CI pass with zero findings. Each case lints one import as if it
 * were the whole text of a file of that layer (an existing one: the type-aware rules read each file
 * through its tsconfig) and expects the rule that forbids it (or none, where it is allowed). The
 * import rules need no types, so those cases lint without the type-aware rules, whose TypeScript
 * programs take most of a full lint's time; the cases about the type-aware rules lint with them.
 */
import { ESLint } from "eslint";
import path from "node:path";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const withTypes = new ESLint({ cwd: root });
// typescript-eslint's own switch: no TypeScript program, every type-aware rule off.
const withoutTypes = new ESLint({ cwd: root, overrideConfig: [{ files: ["**/*.{ts,tsx}"], ...tseslint.configs.disableTypeChecked }] });

async function findings(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}
/** The import and comment rules' findings. */
const rulesBroken = (file: string, code: string) => findings(withoutTypes, file, code);
/** Every rule's findings, the type-aware ones too. */
const typedRulesBroken = (file: string, code: string) => findings(withTypes, file, code);

describe("the layer rules", () => {
  it("a feature reaches another feature only through its public index", async () => {
    expect(
      await rulesBroken(
        "apps/web/src/features/catalogue/index.ts",
        'import { brandName } from "@/features/payments/saved-payment";\nexport const y = brandName;\n',
      ),
    ).toContain("no-restricted-imports");
    expect(
      await rulesBroken("apps/web/src/features/catalogue/index.ts", 'import { brandName } from "@/features/payments";\nexport const y = brandName;\n'),
    ).toEqual([]);
  });

  it("shared components and lib import no feature", async () => {
    expect(await rulesBroken("apps/web/src/lib/api-client.ts", 'import { refreshMe } from "@/features/me";\nexport const y = refreshMe;\n')).toContain(
      "no-restricted-imports",
    );
  });

  it("routes and jobs reach SQL only through services, and services never import a route", async () => {
    expect(await rulesBroken("workers/api/src/artist/routes/me.ts", 'import { eq } from "drizzle-orm";\nexport const y = eq;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await rulesBroken("workers/api/src/worker/handle-job.ts", 'import { songs } from "@jplay/schema/tables";\nexport const y = songs;\n')).toContain(
      "no-restricted-imports",
    );
    expect(
      await rulesBroken(
        "workers/api/src/payments/checkout/song-payments.ts",
        'import { savePaymentMethodRoutes } from "../routes/save-payment-method";\nexport const y = savePaymentMethodRoutes;\n',
      ),
    ).toContain("no-restricted-imports");
    expect(
      await rulesBroken(
        "workers/api/src/payments/checkout/song-payments.ts",
        'import { reconcileStripeTask } from "../jobs/reconcile-stripe";\nexport const y = reconcileStripeTask;\n',
      ),
    ).toContain("no-restricted-imports");
    expect(await rulesBroken("workers/api/src/payments/checkout/song-payments.ts", 'import { eq } from "drizzle-orm";\nexport const y = eq;\n')).toEqual([]);
  });

  it("a Worker module reaches another only through its index, and only one below it", async () => {
    const artistService = "workers/api/src/artist/artist-page.ts";
    expect(await rulesBroken(artistService, 'import { accountBalance } from "../ledger/ledger";\nexport const y = accountBalance;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await rulesBroken(artistService, 'import { accountBalance } from "../ledger";\nexport const y = accountBalance;\n')).toEqual([]);
    // ledger/ sits below artist/: not even its index.
    expect(await rulesBroken("workers/api/src/ledger/payouts.ts", 'import { artistRoutes } from "../artist";\nexport const y = artistRoutes;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    // platform/ is the shared kernel: no module, no entry point.
    expect(await rulesBroken("workers/api/src/platform/db.ts", 'import { toE164 } from "../texts";\nexport const y = toE164;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await rulesBroken("workers/api/src/texts/text-messages.ts", 'import { app } from "../worker/app";\nexport const y = app;\n')).toContain(
      "import-x/no-restricted-paths",
    );
  });

  it("a module's Worker tests (src/<module>/test/) reach any module's internals and the entry points", async () => {
    const moduleTest = "workers/api/src/texts/test/text-messages.test.ts";
    const code =
      'import { app } from "../../worker/app";\nimport { payArtist } from "../../ledger/payouts";\nimport { songs } from "@jplay/schema/tables";\nexport const y = [app, payArtist, songs];\n';
    expect(await rulesBroken(moduleTest, code)).toEqual([]);
    // The same imports from the module's own code stay walled off.
    expect(await rulesBroken("workers/api/src/texts/text-messages.ts", code.replaceAll("../../", "../"))).toContain("import-x/no-restricted-paths");
  });

  it("a promise is awaited or handed on, never dropped", async () => {
    const file = "workers/api/src/platform/rate-limit.ts";
    expect(await typedRulesBroken(file, "export async function f(): Promise<void> {\n  Promise.resolve(1);\n}\n")).toContain(
      "@typescript-eslint/no-floating-promises",
    );
    expect(await typedRulesBroken(file, "export async function f(): Promise<void> {\n  await Promise.resolve(1);\n}\n")).toEqual([]);
  });

  it("a rule is silenced only with a reason", async () => {
    const silenced = "// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport type Json = Record<string, any>;\n";
    expect(await rulesBroken("workers/api/src/platform/rate-limit.ts", silenced)).toContain("@eslint-community/eslint-comments/require-description");
    expect(await rulesBroken("workers/api/src/platform/rate-limit.ts", silenced.replace("no-explicit-any", "no-explicit-any -- a Stripe answer"))).toEqual([]);
  });
});
