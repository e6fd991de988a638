/**
 * "You're offline" under the header while the tablet has no network (`navigator.onLine`, the
 * `online`/`offline` events). A live region present from the start, so screen readers hear the change.
 */
import { useSyncExternalStore } from "react";
import { useI18n } from "@/lib/i18n";

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
  const i18n = useI18n();
  const online = useOnline();
  return (
    <div role="status" className={online ? "sr-only" : "border-t border-line bg-surface-2 px-4 py-2 text-center text-sm"}>
      {online ? "" : i18n._("You're offline. Home and your liked songs still play; buying and distributing need the network.")}
    </div>
  );
}
