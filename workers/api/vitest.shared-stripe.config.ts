// The Worker tests that move the Stripe sandbox's shared clock, balance or faults (vitest.config.ts,
// SHARED_STRIPE_STATE_TESTS): runtimes of their own, each running its files one after another.
import { SHARED_STRIPE_STATE_TESTS, workerProject } from "./vitest.config.ts";

export default workerProject({ name: "worker-shared-stripe", include: SHARED_STRIPE_STATE_TESTS, isolate: false });
