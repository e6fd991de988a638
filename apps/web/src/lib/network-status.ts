/**
 * Whether the server can be reached (docs/architecture.md, Offline and repeat visits). The browser's
 * `navigator.onLine` only knows whether the tablet has a network interface: on a facility's Wi-Fi
 * whose upstream is down, behind a captive portal or a filter, it reads `true` while nothing loads.
 * So the network itself is asked too: a request that fails at the network level, or an answer the
 * service worker served from its copies because the network failed, means offline until a request
 * gets through again. While offline, the server is probed (`GET /api/health`) every few seconds, a
 * little less often each time, so the notice clears on its own once the network is back.
 *
 * `createNetworkStatus` is the detector itself, with its clock and probe passed in (tested alone);
 * `networkStatus` is the app's one instance, wired to the browser on first use.
 */
import { HEALTH_PATH, isHealthBody } from "@jplay/schema/health";

/** The header the service worker puts on a copy it answered with because the network failed. */
export type ServedFromCopyHeader = "X-JPlay-Copy";
export const SERVED_FROM_COPY_HEADER: ServedFromCopyHeader = "X-JPlay-Copy";

/** First wait before probing a server that failed, then doubled up to the last. */
export const PROBE_DELAYS_MS = { first: 3_000, longest: 30_000 } as const;

export interface NetworkStatusDeps {
  /** The browser's own view (`navigator.onLine`) when the detector starts. */
  browserOnline: boolean;
  /** Resolves true when the server answered the probe itself, false otherwise; never rejects. */
  probe: () => Promise<boolean>;
  /** Runs `run` after `ms`; returns what cancels it. */
  schedule: (run: () => void, ms: number) => () => void;
}

export interface NetworkStatus {
  /** True unless the browser says it is offline or the network has failed since the last request that got through. */
  isOnline(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request failed at the network level, or was answered from a copy because the network failed. */
  requestFailed(): void;
  /** A request reached the server and was answered by it. */
  requestReached(): void;
  /** The browser's `online` / `offline` events. */
  browserWentOnline(): void;
  browserWentOffline(): void;
}

export function createNetworkStatus(deps: NetworkStatusDeps): NetworkStatus {
  let browserOnline = deps.browserOnline;
  let networkFailed = false;
  let nextProbeDelay: number = PROBE_DELAYS_MS.first;
  let cancelProbe: (() => void) | undefined;
  let probing = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const stopProbing = () => {
    cancelProbe?.();
    cancelProbe = undefined;
  };

  const probeNow = () => {
    stopProbing();
    if (probing) return;
    probing = true;
    void deps.probe().then((reached) => {
      probing = false;
      if (reached) status.requestReached();
      else if (networkFailed) scheduleProbe();
    });
  };

  function scheduleProbe() {
    if (cancelProbe || probing) return;
    const delay = nextProbeDelay;
    nextProbeDelay = Math.min(nextProbeDelay * 2, PROBE_DELAYS_MS.longest);
    cancelProbe = deps.schedule(() => {
      cancelProbe = undefined;
      probeNow();
    }, delay);
  }

  const status: NetworkStatus = {
    isOnline: () => browserOnline && !networkFailed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    requestFailed() {
      if (networkFailed) return;
      networkFailed = true;
      nextProbeDelay = PROBE_DELAYS_MS.first;
      scheduleProbe();
      notify();
    },
    requestReached() {
      if (!networkFailed) return;
      networkFailed = false;
      stopProbing();
      notify();
    },
    browserWentOnline() {
      browserOnline = true;
      // The interface is back: ask the server at once rather than at the next scheduled probe.
      if (networkFailed) {
        nextProbeDelay = PROBE_DELAYS_MS.first;
        probeNow();
      }
      notify();
    },
    browserWentOffline() {
      browserOnline = false;
      notify();
    },
  };
  return status;
}

/** Whether a fetch's rejection is the network failing (a TypeError), not the page aborting it. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/** Asks the Worker itself, bypassing every cache; a portal's or proxy's answer does not count. */
async function probeServer(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_PATH, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return false;
    const body = (await response.json()) as unknown;
    return isHealthBody(body);
  } catch {
    return false;
  }
}

let browserStatus: NetworkStatus | undefined;

/** The app's detector; on the server (rendering a page) it always reads online and never probes. */
export function networkStatus(): NetworkStatus {
  if (browserStatus) return browserStatus;
  if (typeof window === "undefined") return serverStatus;
  const status = createNetworkStatus({
    browserOnline: navigator.onLine,
    probe: probeServer,
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  window.addEventListener("online", () => status.browserWentOnline());
  window.addEventListener("offline", () => status.browserWentOffline());
  browserStatus = status;
  return status;
}

const serverStatus: NetworkStatus = {
  isOnline: () => true,
  subscribe: () => () => undefined,
  requestFailed: () => undefined,
  requestReached: () => undefined,
  browserWentOnline: () => undefined,
  browserWentOffline: () => undefined,
};
