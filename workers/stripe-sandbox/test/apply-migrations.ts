// Every test file starts from the sandbox's schema, as its Worker applies it on its first request, so
// tests that call store functions on env.DB directly see the tables too; and with the recorder's two
// webhook endpoints made, as the product's would be (support.ts subscribeRecorder).
import { env } from "cloudflare:workers";
import { ensureMigrated } from "../src/migrate";
import { sandboxStripe, subscribeRecorder } from "./support";

await ensureMigrated(env.DB);
await subscribeRecorder(sandboxStripe());
