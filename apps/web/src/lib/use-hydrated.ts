/**
 * False while the page is the server's HTML (the Worker's render and the browser's hydration of it),
 * true once React runs it in the browser; a page the browser rendered itself is true from the start.
 * A server-rendered form keeps its inputs disabled until then: text typed into a controlled input
 * before hydration would stay on screen without reaching React's state (React keeps the DOM's value
 * when it hydrates and sets its own on the next render).
 */
import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
