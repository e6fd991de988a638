/**
 * The order files start in within a group (vitest.slots.ts). Vitest's own order runs a group's
 * projects one after another by name, larger files first; in the browser tests' group that put the
 * Worker tests of the Stripe sandbox's shared clock (`worker-shared-stripe`) last, where their fault
 * suite, which waits more than it computes, ran alone with the cores idle. Projects named here start
 * first in their group, so their waits overlap the browser tests' work
 * (docs/decisions/083-three-browser-test-slots.md).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const STARTS_FIRST_IN_ITS_GROUP = ["worker-shared-stripe"];

export default class GroupSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const first = (spec: TestSpecification) => (STARTS_FIRST_IN_ITS_GROUP.includes(spec.project.name) ? 0 : 1);
    // Array sort is stable: within a group and a rank, vitest's own order stays.
    return (await super.sort(files)).sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || first(a) - first(b));
  }
}
