/**
 * Tells the network detector (lib/network-status.ts) what the service worker saw. A page the worker
 * answered from its copy because the network failed (a reload with the Wi-Fi's upstream down) makes no
 * request of its own, so it asks the worker at start whether its last network request failed; after
 * that the worker tells every open page when the network fails or comes back.
 */
import { networkStatus } from "@/lib/network-status";
import type { WorkerNotice } from "./service-worker/messages";

/** The controlling worker's answer: whether its last network request got through; undefined without one. */
function askWorkerIfReachable(worker: ServiceWorker): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent) => resolve(typeof event.data === "boolean" ? event.data : undefined);
    worker.postMessage({ type: "network-status" }, [channel.port2]);
  });
}

function listen(container: ServiceWorkerContainer) {
  container.addEventListener("message", (event: MessageEvent) => {
    const notice = event.data as WorkerNotice | null;
    if (notice?.type !== "network") return;
    if (notice.reachable) networkStatus().requestReached();
    else networkStatus().requestFailed();
  });
  container.startMessages();
  if (container.controller) {
    void askWorkerIfReachable(container.controller).then((reachable) => {
      if (reachable === false) networkStatus().requestFailed();
    });
  }
}

if (typeof navigator !== "undefined" && "serviceWorker" in navigator) listen(navigator.serviceWorker);
