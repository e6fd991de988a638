/**
 * Builds the page's first script (src/early-taps.ts) as an entry of its own, and puts it in index.html's
 * <head> as an async module with its imports preloaded, both asked for first (`fetchpriority="high"`:
 * Chromium fetches an async script last otherwise): small, so it arrives and runs long before the
 * app's chunks, and a tap on the server's HTML is answered from first paint. It comes after
 * public/theme-init.js, which keeps the taps made before it runs.
 */
import path from "node:path";
import type { HtmlTagDescriptor, Plugin } from "vite";

const ENTRY = "src/early-taps.ts";
const CHUNK = "early-taps";

export function earlyTaps(): Plugin {
  return {
    name: "jplay-early-taps",
    apply: "build",
    config(config) {
      if (config.build?.ssr) return;
      const here = config.root ?? process.cwd();
      return { build: { rolldownOptions: { input: { [CHUNK]: path.resolve(here, ENTRY) } } } };
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((file) => (file.type === "chunk" ? [file] : []));
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === CHUNK);
        if (!entry) throw new Error(`the build has no ${CHUNK} entry`);
        const tags: HtmlTagDescriptor[] = [
          { tag: "script", attrs: { type: "module", async: true, crossorigin: true, fetchpriority: "high", src: `/${entry.fileName}` }, injectTo: "head" },
          // Preloaded once: the app's entry may preload the same shared chunk already.
          ...entry.imports
            .filter((file) => !html.includes(`/${file}"`))
            .map<HtmlTagDescriptor>((file) => ({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, fetchpriority: "high", href: `/${file}` },
              injectTo: "head",
            })),
        ];
        return tags;
      },
    },
  };
}
