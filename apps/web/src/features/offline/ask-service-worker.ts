/**
 * One question to the active service worker (service-worker/messages.ts), answered through a
 * MessageChannel: true when it did what was asked; false without a service worker (development, an
 * old browser) or when it could not.
 */
import type { WorkerMessage } from "./service-worker/messages";

export async function askServiceWorker(message: WorkerMessage): Promise<boolean> {
  if (!("serviceWorker" in navigator)) return false;
  // `ready` never settles on a page without a registration: ask only where one exists.
  if (!(await navigator.serviceWorker.getRegistration())) return false;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent) => resolve(event.data === true);
    worker.postMessage(message, [channel.port2]);
  });
}
