/**
 * The signed listener token the tablet provider opens JPlay with (`/?listener=<token>`), the one
 * thing the app keeps about a listener: in localStorage, like the facility, so the header's Library
 * link shows their purchases. The app stays anonymous without it. The token is taken out of the
 * address once kept, so it is not left in the history or a bookmark; `/?listener=` with nothing
 * forgets it. The Worker checks it on every Library read (workers/api/src/provider/listener-token.ts).
 */
import { storage } from "@/lib/storage";

export const LISTENER_TOKEN_STORAGE_KEY = "listenerToken";
const PARAM = "listener";

export const currentListenerToken = (): string | null => storage.get(LISTENER_TOKEN_STORAGE_KEY) || null;

export function rememberListenerFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(PARAM);
  if (token === null) return;
  if (token.trim() === "") storage.remove(LISTENER_TOKEN_STORAGE_KEY);
  else storage.set(LISTENER_TOKEN_STORAGE_KEY, token.trim());
  url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
