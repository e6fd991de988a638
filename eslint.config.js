// The linter guards the layers (docs/architecture.md, "Layers"): no import cycles; in the Worker,
// routes → services → db and jobs → services, never the other way, and SQL only in services; in the
// SPA, a feature imports components/, lib/, its own files and other features' public index only.
// Type-aware rules guard promises, switches and assertions. `pnpm lint` runs it and CI fails on any
// finding. A disable comment must say why on the same line.
import { readdirSync } from "node:fs";
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const FEATURES = readdirSync(new URL("./apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Reaching into another feature's files: only `@/features/<name>` (its index.ts) is public. The app shell (app/, main.tsx) composes features from their files. */
const featureInternals = (except) => ({
  regex: `^@/features/(?!${except}/)[^/]+/.+`,
  message: "Import another feature through its public index (@/features/<name>), never its internals.",
});

/** SQL lives in services: routes, jobs and middleware reach the database through them. */
const noSqlOutsideServices = {
  paths: [
    { name: "drizzle-orm", message: "SQL lives in services/: call a service.", allowTypeImports: true },
    { name: "@jplay/schema/tables", message: "Tables are read in services/: call a service.", allowTypeImports: true },
  ],
  patterns: [{ group: ["**/routes/**", "../routes", "./routes"], message: "Nothing below a route imports a route." }],
};

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/.wrangler/**", "**/worker-configuration.d.ts", "schema/migrations/**", "bench/node_modules/**", "apps/web/src/locales/**", "workers/api/src/locales/**"],
  },
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["apps/web/tsconfig.json", "workers/api/tsconfig.json", "workers/stripe-sandbox/tsconfig.json", "schema/tsconfig.json", "tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: [] }],
      "@eslint-community/eslint-comments/disable-enable-pair": ["error", { allowWholeFile: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  // Rules that read the types (each file through its own tsconfig): a promise is awaited or handed on,
  // never dropped or passed where a void callback is expected; a switch over a union names every
  // member; no assertion restates what the compiler already knows. Tool configs belong to no tsconfig.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.config.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // A default branch that handles "anything else" (a Stripe status the product does not act on) counts.
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  // The SPA: shared code never depends on a feature; a feature reaches others only through their index.
  {
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/features/*", "@/app/*"], message: "components/ and lib/ are shared: they import no feature or app code." }] }],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": ["error", { patterns: [featureInternals(feature), { group: ["@/app/*"], message: "Features do not import the app shell." }] }],
    },
  })),
  // The Worker: routes → services → db; jobs → services; nothing imports a route but the app.
  {
    files: ["workers/api/src/routes/**/*.ts", "workers/api/src/jobs/**/*.ts", "workers/api/src/middleware/**/*.ts"],
    rules: { "no-restricted-imports": ["error", noSqlOutsideServices] },
  },
  {
    // releases/ is a service folder of its own (release identifiers): the same rules.
    files: ["workers/api/src/services/**/*.ts", "workers/api/src/payments/**/*.ts", "workers/api/src/releases/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/routes/**", "../routes", "../routes/*"], message: "Services never import routes." },
            { regex: "^\\.\\./jobs/(?!job$)", message: "Services never import jobs (the queue's message types in jobs/job.ts excepted)." },
          ],
        },
      ],
    },
  },
);
