/**
 * The app's start in one file (docs/decisions/074-one-read-cache.md). Rolldown splits the modules the
 * page's entry loads at start into several chunks when lazily loaded screens share them too (React, the
 * api client, the read cache); every page loads them all before it starts, and each file is
 * compressed alone, so apart they cost Home about 1.4 KB of gzip more than together. This group puts
 * every module that only the page's entry reaches by static imports into the entry's chunk. Modules
 * the first script (early-taps-plugin.ts) or the service worker (service-worker-plugin.ts) also reach
 * are left to Rolldown, so those stay as small, and as separate, as they were.
 *
 * On a listener page the entry's chunk is all that runs before the islands' code
 * (docs/decisions/105-listener-pages-as-islands.md): it holds no React, no API client and no screen;
 * the single-page app's start (app/start-app.tsx) and the islands (app/islands/island-roots.tsx) are
 * chunks of their own.
 */
import type { Rolldown } from "vite";

type ModuleGraph = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/** The entries whose static imports reach `id`. */
function entriesReaching(id: string, graph: ModuleGraph): string[] {
  const seen = new Set([id]);
  const queue = [id];
  const entries: string[] = [];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry) entries.push(info.id);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return entries;
}

const PAGE_ENTRY = /[\\/]index\.html$/;

export const startChunk = {
  name: (id: string, graph: ModuleGraph) => {
    const entries = entriesReaching(id, graph);
    return entries.length === 1 && PAGE_ENTRY.test(entries[0]!) ? "index" : null;
  },
  // A captured module's imports are not pulled in with it: the first script's stay in their own chunks.
  includeDependenciesRecursively: false,
};
