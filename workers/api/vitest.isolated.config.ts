// The Worker tests that read whole tables or seed fixed ids (vitest.config.ts, ISOLATED_TESTS): the same
// bindings, with a runtime, storage and Stripe sandbox of their own for each file.
import { ISOLATED_TESTS, workerProject } from "./vitest.config.ts";

export default workerProject({ name: "worker-isolated", include: ISOLATED_TESTS });
