/**
 * How many test files run at a time, per group of vitest projects, and which group runs first
 * (docs/decisions/081-test-groups.md, 083-three-browser-test-slots.md). The groups run one after the
 * other; within one, the files of all its projects share its slots, in any order: every Worker test
 * file starts in an empty world (docs/decisions/099-one-world-per-test-file.md).
 *
 * - Four at a time, first: the Node and Worker tests. A Worker-test runtime spends its first seconds
 *   importing the Worker module by module from vitest, waiting on each answer more than computing, so
 *   with two at a time the cores stood a quarter idle. Six at a time was no faster: the cores are busy.
 * - Three at a time, after: the browser tests. A browser test waits on its page, its server and the sandbox: two at a time left the cores over a quarter
 *   idle. Each slot has a server of its own (e2e/support/global-setup.ts).
 */
export const FOUR_AT_A_TIME = { maxWorkers: 4, sequence: { groupOrder: 0 } };
export const THREE_AT_A_TIME = { maxWorkers: 3, sequence: { groupOrder: 1 } };
