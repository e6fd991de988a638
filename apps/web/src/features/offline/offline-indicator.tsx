/**
 * "You're offline" under the header while the tablet has no network (`navigator.onLine`, the
 * `online`/`offline` events). A live region present from the start, so screen readers hear the change.
 */
import { useSyncExternalStore } from "react";

function subscribe(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div role="status" className={online ? "sr-only" : "border-t border-line bg-surface-2 px-4 py-2 text-center text-sm"}>
      {online ? "" : "You're offline. Home and your liked songs still play; buying and distributing need the network."}
    </div>
  );
}
