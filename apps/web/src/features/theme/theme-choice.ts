/**
 * The theme kept on this tablet, without React: the header's toggle (theme.ts) and a tap on it before
 * the app runs (src/early-taps.ts) both switch it here. public/theme-init.js applies it before first paint.
 */
import { storage } from "@/lib/storage";

/** Dark is the default; there is no system option (docs/product.md, Screens). Stored in localStorage "theme". */
export type Theme = "dark" | "light";

export const THEME_STORAGE_KEY = "theme";

const listeners = new Set<() => void>();

/** The theme in effect: index.html applies the stored choice to <html> before first paint. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Shows `theme` on the page: <html>'s class and its color scheme. */
function paint(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

export function applyTheme(theme: Theme): void {
  paint(theme);
  storage.set(THEME_STORAGE_KEY, theme);
  listeners.forEach((listener) => listener());
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    paint(event.newValue === "light" ? "light" : "dark");
    listener();
  };
  window.addEventListener("storage", onStorage);
  // A choice made in another tab after this page's first paint and before the app listened sent its
  // event to nobody: follow what is stored now.
  const stored = storage.get(THEME_STORAGE_KEY);
  if ((stored === "dark" || stored === "light") && stored !== currentTheme()) {
    paint(stored);
    listener();
  }
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
