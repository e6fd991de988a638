/**
 * Simulated time for Worker tests that meet Stripe's slow answers: the SDK's request timeout and its
 * retry back-off, and the sandbox's held-back answers, are timers; everything else (D1, the sandbox's
 * work) is real I/O. Used by the fault suite and the ledger's property test.
 */
import { vi } from "vitest";

/** Runs `work` while simulated time runs: one simulated second per 50 real milliseconds. */
export async function withFastClock<T>(work: () => Promise<T>): Promise<T> {
  const realSetTimeout = globalThis.setTimeout;
  const realSleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    let settled = false;
    const running = work();
    // Handled at once, so a failing `work` is never reported as an unhandled rejection while the
    // loop below sleeps; its error is still thrown by the `await` at the end.
    running.then(
      () => (settled = true),
      () => (settled = true),
    );
    // The 20 s timeout takes a real second, far longer than any real step (D1, the sandbox) takes,
    // so only the held-back answers ever time out.
    while (!settled) {
      await realSleep(50);
      if (!settled) await vi.advanceTimersByTimeAsync(1_000);
    }
    return await running;
  } finally {
    vi.useRealTimers();
  }
}
