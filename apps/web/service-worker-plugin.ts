/**
 * Builds the service worker (src/features/offline/service-worker/sw.ts) as /sw.js beside the SPA: its
 * own entry, at a fixed address (a worker's address is its identity), sharing no chunk with the page.
 * Into it goes what it precaches on install: `/`, the public files the shell links, and the files of
 * Home's first load (the entry chunk, Home's screen chunk, what they import, the stylesheets), and a
 * version made from those names, so every build that changes them gets fresh caches.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { SHELL_PUBLIC_FILES } from "./src/features/offline/service-worker/cache-rules.ts";

const WORKER_ENTRY = "src/features/offline/service-worker/sw.ts";
const WORKER_CHUNK = "sw";
/** Home's screen module (app/router.tsx loads it lazily). */
const HOME_SCREEN = "/src/app/routes/home.tsx";
/** Home's islands (docs/decisions/105-listener-pages-as-islands.md): fetched after load, so kept here, not by what a first visit loaded. */
const ISLAND_ROOTS = "/src/app/islands/island-roots.tsx";

export function serviceWorker(): Plugin {
  let root = "";
  let publicDir = "";
  return {
    name: "jplay-service-worker",
    apply: "build",
    config(config) {
      if (config.build?.ssr) return;
      const here = config.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: { index: path.resolve(here, "index.html"), [WORKER_CHUNK]: path.resolve(here, WORKER_ENTRY) },
            output: { entryFileNames: (chunk) => (chunk.name === WORKER_CHUNK ? "sw.js" : "assets/[name]-[hash].js") },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [file] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const worker = chunks.find((chunk) => chunk.isEntry && chunk.name === WORKER_CHUNK);
      if (!worker) return;
      if (worker.imports.length > 0) this.error(`the service worker must be one file, but it imports ${worker.imports.join(", ")}`);

      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        byFile.get(fileName)?.imports.forEach(visit);
      };
      const starts = chunks.filter(
        (chunk) => (chunk.isEntry && chunk !== worker) || [HOME_SCREEN, ISLAND_ROOTS].some((start) => chunk.facadeModuleId === path.join(root, start)),
      );
      if (starts.length < 2) this.error("the service worker found neither the page's entry nor Home's screen chunk");
      starts.forEach((chunk) => visit(chunk.fileName));
      for (const file of Object.values(bundle)) if (file.fileName.endsWith(".css")) files.add(file.fileName);

      const precache = ["/", ...SHELL_PUBLIC_FILES.filter((file) => existsSync(path.join(publicDir, file))), ...[...files].sort().map((file) => `/${file}`)];
      const version = createHash("sha256").update(precache.join("\n")).update(worker.code).digest("hex").slice(0, 12);
      worker.code = `self.__JPLAY_VERSION__=${JSON.stringify(version)};self.__JPLAY_PRECACHE__=${JSON.stringify(precache)};\n${worker.code}`;
    },
  };
}
