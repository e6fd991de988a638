import { describe, expect, test } from "vitest";
import { createNetworkStatus, PROBE_DELAYS_MS } from "./network-status";

/** A detector with a hand-driven clock and a probe whose answers the test gives. */
function detector({ browserOnline = true } = {}) {
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const probeAnswers: Array<(reached: boolean) => void> = [];
  const status = createNetworkStatus({
    browserOnline,
    probe: () => new Promise<boolean>((resolve) => probeAnswers.push(resolve)),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  let changes = 0;
  status.subscribe(() => changes++);
  const pending = () => timers.filter((timer) => !timer.cancelled);
  return {
    status,
    changes: () => changes,
    /** The delays of the probes waiting to run. */
    waiting: () => pending().map((timer) => timer.ms),
    /** Runs the waiting timer (one at most is ever waiting). */
    fireTimer() {
      const [timer, ...others] = pending();
      expect(others).toEqual([]);
      timer!.cancelled = true;
      timer!.run();
    },
    /** Answers the probe in flight. */
    async answerProbe(reached: boolean) {
      expect(probeAnswers).toHaveLength(1);
      probeAnswers.shift()!(reached);
      await Promise.resolve();
      await Promise.resolve();
    },
    probesInFlight: () => probeAnswers.length,
  };
}

describe("network status", () => {
  test("starts from the browser's own view", () => {
    expect(detector().status.isOnline()).toBe(true);
    expect(detector({ browserOnline: false }).status.isOnline()).toBe(false);
  });

  test("a failed request means offline at once, though the browser says it is online", () => {
    const { status, changes } = detector();
    status.requestFailed();
    expect(status.isOnline()).toBe(false);
    expect(changes()).toBe(1);
    // More failures change nothing more.
    status.requestFailed();
    expect(changes()).toBe(1);
  });

  test("a request that gets through clears it", () => {
    const { status, changes, waiting } = detector();
    status.requestFailed();
    status.requestReached();
    expect(status.isOnline()).toBe(true);
    expect(changes()).toBe(2);
    expect(waiting()).toEqual([]); // no probe left behind
  });

  test("while offline the server is probed, less often each time, until it answers", async () => {
    const { status, waiting, fireTimer, answerProbe } = detector();
    status.requestFailed();
    expect(waiting()).toEqual([PROBE_DELAYS_MS.first]);

    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      delays.push(waiting()[0]!);
      fireTimer();
      await answerProbe(false);
      expect(status.isOnline()).toBe(false);
    }
    expect(delays).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000]);

    fireTimer();
    await answerProbe(true);
    expect(status.isOnline()).toBe(true);
    expect(waiting()).toEqual([]);
  });

  test("a new outage starts probing from the shortest wait again", async () => {
    const { status, waiting, fireTimer, answerProbe } = detector();
    status.requestFailed();
    fireTimer();
    await answerProbe(false);
    expect(waiting()).toEqual([6_000]);
    status.requestReached();
    status.requestFailed();
    expect(waiting()).toEqual([PROBE_DELAYS_MS.first]);
  });

  test("the browser's offline event means offline whatever the requests said; its online event probes at once", async () => {
    const { status, waiting, probesInFlight, answerProbe } = detector();
    status.browserWentOffline();
    expect(status.isOnline()).toBe(false);
    status.browserWentOnline();
    expect(status.isOnline()).toBe(true);
    expect(probesInFlight()).toBe(0); // nothing had failed: nothing to ask

    status.requestFailed();
    status.browserWentOffline();
    status.browserWentOnline();
    // The interface is back but the server has not answered yet: still offline, and asked now.
    expect(status.isOnline()).toBe(false);
    expect(probesInFlight()).toBe(1);
    expect(waiting()).toEqual([]);
    await answerProbe(true);
    expect(status.isOnline()).toBe(true);
  });

  test("a probe in flight is not doubled, and a request that gets through meanwhile wins", async () => {
    const { status, fireTimer, probesInFlight, answerProbe, waiting } = detector();
    status.requestFailed();
    fireTimer();
    status.browserWentOnline();
    expect(probesInFlight()).toBe(1);
    status.requestReached();
    await answerProbe(false); // the slow probe's failure is older than the success
    expect(status.isOnline()).toBe(true);
    expect(waiting()).toEqual([]);
  });
});
