// The linter guards the layers (docs/architecture.md, "Layers"): no import cycles; in the Worker,
// modules reached only through their index and only downwards, routes and jobs → services, SQL only
// in services; in the SPA, a feature imports components/, lib/, its own files and other features' public index only.
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

/**
 * The listener's pages and what they are made of never load TanStack Query: their data comes in the
 * server-rendered page, and Home's JS budget cannot hold it (docs/decisions/096-tanstack-query-beyond-the-listener.md).
 */
const LISTENER_FEATURES = ["catalogue", "language", "library", "likes", "me", "offline", "player", "theme", "wishlist"];
const LISTENER_ROUTES = ["home", "browse", "all-songs", "genre", "song", "artist-page", "search", "library", "not-found"];
const noQueryOnListenerPages = {
  group: ["@/lib/query", "@tanstack/react-query"],
  message: "Listener pages read through lib/read-cache.ts: TanStack Query is for the screens beyond them (decision 096).",
};

/** SQL lives in a module's services: its routes and jobs, the middleware and the entry points reach the database through them. */
const noSqlOutsideServices = {
  paths: [
    { name: "drizzle-orm", message: "SQL lives in a module's services: call one.", allowTypeImports: true },
    { name: "@jplay/schema/tables", message: "Tables are read in a module's services: call one.", allowTypeImports: true },
  ],
  patterns: [{ group: ["**/routes/**", "../routes", "./routes"], message: "Nothing below a route imports a route." }],
};

/**
 * The Worker's domain modules, lowest first (docs/architecture.md, "Layers"). A module may import
 * platform/ (the shared kernel) and the modules before it in this list, each only through its
 * index.ts; never one after it, never worker/ (the entry points that compose them all).
 */
export const WORKER_MODULES = [
  "texts",
  "disputes",
  "access",
  "ledger",
  "splits",
  "refunds",
  "catalogue",
  "compliance",
  "payments",
  "releases",
  "distribution",
  "provider",
  "reports",
  "artist",
  "admin",
];

/** The Worker tests kept beside the module they test (docs/testing.md): outside the walls below. */
const WORKER_MODULE_TESTS = "workers/api/src/*/test/**";

/** import-x/no-restricted-paths zones for WORKER_MODULES' walls. */
function workerModuleZones() {
  const dir = (name) => `./workers/api/src/${name}`;
  const zones = [
    { target: dir("platform"), from: [...WORKER_MODULES.map(dir), dir("worker")], message: "platform/ is the shared kernel: it imports no module." },
  ];
  WORKER_MODULES.forEach((module, rank) => {
    zones.push({ target: dir(module), from: dir("worker"), message: "Modules never import the Worker's entry points (worker/)." });
    for (const later of WORKER_MODULES.slice(rank + 1)) {
      zones.push({
        target: dir(module),
        from: dir(later),
        message: `${module}/ sits below ${later}/ (WORKER_MODULES): a module imports only the ones before it.`,
      });
    }
    for (const earlier of WORKER_MODULES.slice(0, rank)) {
      zones.push({
        target: dir(module),
        from: dir(earlier),
        except: ["./index.ts"],
        message: `Import ${earlier}/ through its public index (${earlier}/index.ts), never its internals.`,
      });
    }
  });
  return zones;
}

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.wrangler/**",
      "**/worker-configuration.d.ts",
      "schema/migrations/**",
      "bench/node_modules/**",
      "apps/web/src/locales/**",
      "workers/api/src/locales/**",
    ],
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
      // One import statement per module: a second from the same path is merged into the first.
      "import-x/no-duplicates": "error",
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
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/features/*", "@/app/*"], message: "components/ and lib/ are shared: they import no feature or app code." }] },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            featureInternals(feature),
            { group: ["@/app/*"], message: "Features do not import the app shell." },
            ...(LISTENER_FEATURES.includes(feature) ? [noQueryOnListenerPages] : []),
          ],
        },
      ],
    },
  })),
  {
    files: LISTENER_ROUTES.map((route) => `apps/web/src/app/routes/${route}.tsx`),
    rules: { "no-restricted-imports": ["error", { patterns: [noQueryOnListenerPages] }] },
  },
  // The Worker (docs/architecture.md, "Layers"): each module reaches another only through its
  // index.ts and only downwards in WORKER_MODULES; platform/ imports no module; nothing but the
  // entry points imports worker/. Inside a module, routes and jobs reach SQL through its services,
  // and services never import a route or a job.
  // A module's Worker tests (src/<module>/test/, docs/testing.md) are not product code: they set up and
  // inspect the world through any module's internals, the tables and the entry points, as the tests in
  // workers/api/test/ do, so the walls and the layer rules below leave them out.
  {
    files: ["workers/api/src/**/*.ts"],
    ignores: [WORKER_MODULE_TESTS],
    rules: { "import-x/no-restricted-paths": ["error", { zones: workerModuleZones() }] },
  },
  {
    files: ["workers/api/src/*/routes/**/*.ts", "workers/api/src/*/jobs/**/*.ts", "workers/api/src/platform/middleware/**/*.ts"],
    rules: { "no-restricted-imports": ["error", noSqlOutsideServices] },
  },
  // The entry points mount every module's routes and consumers; they too reach SQL only through services.
  {
    files: ["workers/api/src/worker/**/*.ts", "workers/api/src/index.ts"],
    ignores: [WORKER_MODULE_TESTS],
    rules: { "no-restricted-imports": ["error", { paths: noSqlOutsideServices.paths }] },
  },
  {
    files: ["workers/api/src/**/*.ts"],
    ignores: [
      WORKER_MODULE_TESTS,
      "workers/api/src/*/routes/**",
      "workers/api/src/*/jobs/**",
      "workers/api/src/worker/**",
      "workers/api/src/index.ts",
      "workers/api/src/*/index.ts",
      "workers/api/src/platform/middleware/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)routes(/|$)", message: "Services never import routes." },
            { regex: "(^|/)jobs(/|$)", message: "Services never import jobs: a job calls services; a service queues a message (platform/job.ts)." },
          ],
        },
      ],
    },
  },
);
