/**
 * The page's side of liked songs' offline audio: asks the service worker (service-worker/sw.ts) to
 * save a song's whole audio file or drop it, and tells the UI which songs are saved (the "Saved for
 * offline" line under a liked song). Without a service worker (development, an old browser) nothing
 * is saved and nothing says it is.
 */
import { useEffect, useSyncExternalStore } from "react";
import { askServiceWorker as ask } from "./ask-service-worker";

const saved = new Map<string, boolean>();
const listeners = new Set<() => void>();

const absolute = (url: string) => new URL(url, window.location.href).href;

function setSaved(url: string, value: boolean) {
  saved.set(url, value);
  listeners.forEach((listener) => listener());
}

/** Saves a song's audio for offline play (the whole file, once); resolves whether it is saved. */
export async function saveAudio(audioUrl: string): Promise<boolean> {
  const url = absolute(audioUrl);
  const ok = await ask({ type: "save-audio", url }).catch(() => false);
  setSaved(url, ok);
  return ok;
}

/** Deletes a song's saved audio (it was unliked). */
export async function forgetAudio(audioUrl: string): Promise<void> {
  const url = absolute(audioUrl);
  setSaved(url, false);
  await ask({ type: "forget-audio", url }).catch(() => false);
}

async function isSaved(url: string): Promise<boolean> {
  if (!("caches" in window)) return false;
  return (await caches.match(url, { ignoreVary: true }).catch(() => undefined)) !== undefined;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this (liked) song's audio is saved on the tablet; read from the caches on first use. */
export function useSavedForOffline(audioUrl: string, liked: boolean): boolean {
  const url = typeof window === "undefined" ? audioUrl : absolute(audioUrl);
  const value = useSyncExternalStore(
    subscribe,
    () => saved.get(url) ?? false,
    () => false,
  );
  useEffect(() => {
    if (!liked || saved.has(url)) return;
    void isSaved(url).then((found) => {
      if (!saved.has(url)) setSaved(url, found);
    });
  }, [url, liked]);
  return liked && value;
}
