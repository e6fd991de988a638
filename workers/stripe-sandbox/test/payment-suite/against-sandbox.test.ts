/**
 * The payment suite (suite.ts) against the Stripe sandbox, in `pnpm test`: the very tests
 * `pnpm test:stripe` runs against Stripe's test mode. Nothing leaves the machine: the SDK's HTTP
 * client sends to the sandbox Worker under test (support.ts), never to api.stripe.com.
 */
import { advanceClock, sandboxStripe } from "../support";
import { paymentSuite } from "./suite";

// The sandbox finishes everything before it answers: nothing to wait for; later is its clock moved.
paymentSuite({ name: "the Stripe sandbox", stripe: sandboxStripe(), patienceMs: 0, letTimePass: advanceClock });
