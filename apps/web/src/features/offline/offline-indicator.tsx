/**
 * "You're offline" under the header while the server cannot be reached: the browser says it has no
 * network, or the network detector (lib/network-status.ts) saw requests fail. A live region present
 * from the start, so screen readers hear the change.
 */
import { useSyncExternalStore } from "react";
import { useI18n } from "@/lib/i18n";
import { networkStatus } from "@/lib/network-status";

const subscribe = (listener: () => void) => networkStatus().subscribe(listener);

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => networkStatus().isOnline(),
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
