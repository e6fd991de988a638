/**
 * Lingui's message catalogues (docs/decisions/035-i18n-library.md): `lingui extract` collects every
 * `i18n._("…")` of the listener and artist screens, and the shared validation rules' messages the
 * screens show (marked in schema/src), into one .po file per language under src/locales/ (admin
 * stays English), and `lingui compile` writes the Spanish catalogue the app loads. English is the
 * source text: its catalogue lists the messages and is never loaded.
 */
import { formatter } from "@lingui/format-po";
import type { LinguiConfig } from "@lingui/conf";

const config: LinguiConfig = {
  sourceLocale: "en",
  locales: ["en", "es"],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/../../schema/src"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/src/features/admin/**", "<rootDir>/src/app/routes/admin.tsx"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  orderBy: "messageId",
};

export default config;
