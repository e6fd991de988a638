/**
 * The tablet Home page's own copy of valibot (docs/decisions/074-one-read-cache.md). Rollup places a
 * module in one chunk, so the one valibot module would carry every function any screen's forms use
 * into what Home loads (about 3 KiB gzip). The files on Home's path that check answers (the api
 * client and the answer schemas Home reads) import this second copy instead, which holds only the few
 * functions they use; the forms keep the first. Both build the same kind of schema objects.
 */
import type { Plugin } from "vite";

const LEAN_IMPORTERS = [/\/apps\/web\/src\/lib\/api-client\.ts$/, /\/schema\/src\/(song|me)\.ts$/];

export function leanValibot(): Plugin {
  return {
    name: "jplay-lean-valibot",
    enforce: "pre",
    async resolveId(source, importer) {
      if (source !== "valibot" || !importer || !LEAN_IMPORTERS.some((pattern) => pattern.test(importer))) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?lean` : null;
    },
  };
}
