// Every test file starts in an empty sandbox, as a new deployment finds it, in the runtime it shares
// with the other files of its slot: the schema applied (once per runtime, as the Worker does on its
// first request), every table emptied and the rate limits reset (src/store/reset-sandbox.ts), the
// recorder's deliveries and armed failures forgotten, and its two webhook endpoints made again, as
// the product's would be (support.ts subscribeRecorder).
import { env } from "cloudflare:workers";
import { ensureMigrated } from "../src/store/migrate";
import { resetSandbox } from "../src/store/reset-sandbox";
import { clearDeliveries, sandboxStripe, subscribeRecorder } from "./support";

await ensureMigrated(env.DB);
await resetSandbox(env.DB);
await clearDeliveries();
await subscribeRecorder(sandboxStripe());
