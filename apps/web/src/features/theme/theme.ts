import { useCallback, useSyncExternalStore } from "react";
import { applyTheme, currentTheme, subscribe } from "./theme-choice";

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "dark");
  const toggleTheme = useCallback(() => applyTheme(currentTheme() === "dark" ? "light" : "dark"), []);
  return { theme, toggleTheme };
}
