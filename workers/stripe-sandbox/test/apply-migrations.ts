// Every test file starts from the sandbox's schema, as its Worker applies it on its first request, so
// tests that call store functions on env.DB directly see the tables too.
import { env } from "cloudflare:workers";
import { ensureMigrated } from "../src/migrate";

await ensureMigrated(env.DB);
