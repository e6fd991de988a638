/**
 * The app's start in one file (docs/decisions/074-one-read-cache.md). Rolldown splits the modules the
 * page's entry loads at start into several chunks when lazily loaded screens share them too (React, the
 * api client, the read cache); every page loads them all before it starts, and each file is
 * compressed alone, so apart they cost Home about 1.4 KB of gzip more than together. This group puts
 * every module that only the page's entry reaches by static imports into the entry's chunk. Modules
 * the first script (early-taps-plugin.ts) or the service worker (service-worker-plugin.ts) also reach
 * are left to Rolldown, so those stay as small, and as separate, as they were.
 *
 * The song rows, the catalogue's load-error and empty states and the cover sizes join the entry too:
 * Home's screen loads them as three small files of their own (shared with the other listener screens,
 * the artist's payment screens and the admin's covers), about 1 KB of gzip more than inside the entry,
 * which every other page then loads at its start (about 1.3 KB).
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

/** The modules of the song rows, the catalogue's states and the cover sizes that Home's screen shares with other screens. */
const HOME_SHARED = [
  /[\\/]features[\\/]catalogue[\\/]components[\\/](song-row|song-card|catalogue-states)\.tsx$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](format|cover-sources)\.ts$/,
  /[\\/]schema[\\/]src[\\/](catalogue-paths|cover-sizes)\.ts$/,
];

export const startChunk = {
  name: (id: string, graph: ModuleGraph) => {
    if (HOME_SHARED.some((module) => module.test(id))) return "index";
    const entries = entriesReaching(id, graph);
    return entries.length === 1 && PAGE_ENTRY.test(entries[0]!) ? "index" : null;
  },
  // A captured module's imports are not pulled in with it: the first script's stay in their own chunks.
  includeDependenciesRecursively: false,
};
