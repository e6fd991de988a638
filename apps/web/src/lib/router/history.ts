/**
 * The browser history as a store (decision 015): the current location, how it was reached (PUSH,
 * REPLACE, or POP for back/forward) and `navigate`. It replaces React Router's history layer, which
 * cost more than the tablet home page's JS budget allowed. `location.tsx` hands it to React.
 */

export type NavigationType = "PUSH" | "REPLACE" | "POP";

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigating screen handed over (e.g. a recovery offer's reason); null after a reload. */
  state: unknown;
  /** Unique per history entry: effects that run "on every navigation" depend on it. */
  key: string;
}

export interface Navigation {
  location: AppLocation;
  type: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface HistoryEntry {
  key: string;
  usr: unknown;
}

/** Where a render without a browser (the Worker's server render) starts: "/" until told otherwise. */
const SERVER_LOCATION: AppLocation = { pathname: "/", search: "", hash: "", state: null, key: "initial" };

const inBrowser = typeof window !== "undefined";

function readLocation(): AppLocation {
  if (!inBrowser) return SERVER_LOCATION;
  const entry = window.history.state as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? "initial" };
}

let current: Navigation = { location: readLocation(), type: "POP" };
const listeners = new Set<() => void>();

function update(type: NavigationType) {
  current = { location: readLocation(), type };
  for (const listener of listeners) listener();
}

if (inBrowser) window.addEventListener("popstate", () => update("POP"));

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentNavigation = (): Navigation => current;

/** Goes to an in-app path ("/distribute", "/#browse", "/artist/x?connect=done"). */
export function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  // No router follows the history (a page of islands, docs/decisions/105-listener-pages-as-islands.md): the browser loads the page.
  if (listeners.size === 0) {
    if (replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  const entry: HistoryEntry = { key: Math.random().toString(36).slice(2, 10), usr: state };
  if (replace) window.history.replaceState(entry, "", to);
  else window.history.pushState(entry, "", to);
  update(replace ? "REPLACE" : "PUSH");
}
