// The Worker tests that move the Stripe sandbox's shared clock, balance or faults (vitest.config.ts,
// SHARED_STRIPE_STATE_TESTS): one runtime, the files one after another.
import { SHARED_STRIPE_STATE_TESTS, workerProject } from "./vitest.config.ts";

export default workerProject({ name: "worker-shared-stripe", include: SHARED_STRIPE_STATE_TESTS, fileParallelism: false, isolate: false });
