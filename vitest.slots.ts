/**
 * How many test files run at a time, per group of vitest projects, and which group runs first
 * (docs/decisions/081-test-groups.md). The groups run one after the other; within one, the files of
 * all its projects share its slots.
 *
 * - Four at a time, first: the Node tests and the Worker tests. A Worker-test runtime spends its first
 *   seconds importing the Worker module by module from vitest, waiting on each answer more than
 *   computing, so with two at a time the cores stood a quarter idle.
 * - Two at a time, after: the browser tests, whose Chromium, servers and test process keep two cores
 *   busy already (each slot has a server of its own: e2e/support/global-setup.ts), and the Worker tests
 *   that move the Stripe sandbox's shared clock and balance (`worker-shared-stripe`), whose files
 *   share two runtimes as they always have.
 */
export const FOUR_AT_A_TIME = { maxWorkers: 4, sequence: { groupOrder: 0 } };
export const TWO_AT_A_TIME = { maxWorkers: 2, sequence: { groupOrder: 1 } };
