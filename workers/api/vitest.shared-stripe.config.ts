// The Worker tests that move the Stripe sandbox's shared clock, balance or faults (vitest.config.ts,
// SHARED_STRIPE_STATE_TESTS): runtimes of their own, each running its files one after another, three at a
// time beside the browser tests (vitest.slots.ts).
import { THREE_AT_A_TIME } from "../../vitest.slots.ts";
import { SHARED_STRIPE_STATE_TESTS, workerProject } from "./vitest.config.ts";

export default workerProject({ name: "worker-shared-stripe", include: SHARED_STRIPE_STATE_TESTS, isolate: false, slots: THREE_AT_A_TIME });
