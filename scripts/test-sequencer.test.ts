/**
 * The order the test command starts files in (vitest.sequencer.ts): the groups in their order, and in
 * the browser tests' group the shared-Stripe Worker files before any browser test, as on a fresh clone
 * (no timings cached from an earlier run).
 */
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import GroupSequencer from "../vitest.sequencer.ts";

const ROOT = "/repo";

/** A file of `project` in group `groupOrder`; its size is in `sizes` (vitest orders larger files first). */
function spec(project: string, groupOrder: number, file: string) {
  return { project: { name: project, config: { isolate: true, sequence: { groupOrder } } }, moduleId: `${ROOT}/${file}` } as unknown as TestSpecification;
}

/** What the sequencer reads of vitest: its root and a results cache with nothing from a previous run. */
const sizes = new Map<string, number>();
const vitest = {
  config: { root: ROOT },
  cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key.slice(key.indexOf(":") + 1)) ?? 0 }) },
} as unknown as Vitest;

describe("the order files start in", () => {
  it("runs the groups in order, and starts worker-shared-stripe first in its group, before the larger browser-test files", async () => {
    sizes.set("e2e/payments.e2e.test.ts", 30_000).set("e2e/home.e2e.test.ts", 20_000).set("workers/api/test/faults.test.ts", 10_000).set("workers/api/test/refunds.test.ts", 5_000);
    const files = [
      spec("e2e", 1, "e2e/home.e2e.test.ts"),
      spec("worker-shared-stripe", 1, "workers/api/test/refunds.test.ts"),
      spec("unit", 0, "scripts/a.test.ts"),
      spec("e2e", 1, "e2e/payments.e2e.test.ts"),
      spec("worker-shared-stripe", 1, "workers/api/test/faults.test.ts"),
      spec("worker", 0, "workers/api/test/b.test.ts"),
    ];
    const order = (await new GroupSequencer(vitest).sort(files)).map((file) => `${file.project.name}:${file.moduleId.slice(ROOT.length + 1)}`);
    expect(order).toEqual([
      "unit:scripts/a.test.ts",
      "worker:workers/api/test/b.test.ts",
      "worker-shared-stripe:workers/api/test/faults.test.ts",
      "worker-shared-stripe:workers/api/test/refunds.test.ts",
      "e2e:e2e/payments.e2e.test.ts",
      "e2e:e2e/home.e2e.test.ts",
    ]);
  });
});
