/**
 * The Worker's own messages in Spanish (docs/decisions/035-i18n-library.md): the error messages
 * listeners and artists read, marked where they are written with an `i18n` block comment before the
 * string (here and in the shared schema's validation rules). `lingui extract` collects them into
 * src/locales/{en,es}/messages.po and `lingui compile` writes the Spanish catalogue the error handler
 * reads (src/platform/error-language.ts). English is the source text.
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
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  orderBy: "messageId",
};

export default config;
