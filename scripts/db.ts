/**
 * `pnpm db:migrate | db:seed | db:reset` on the local state `pnpm dev` uses. Reset wipes D1, R2 and
 * the queue, then migrates and seeds again; seeding twice changes nothing.
 */
import { migrateLocal, prepareLocal, resetLocal, seedLocal } from "./local-state.ts";
import { defaultPersistDir } from "./wrangler-env.ts";

const log = (line: string) => console.log(`[db] ${line}`);
const command = process.argv[2];

switch (command) {
  case "migrate":
    await migrateLocal(defaultPersistDir);
    log("migrated");
    break;
  case "seed":
    log(JSON.stringify(await seedLocal(defaultPersistDir, log)));
    break;
  case "reset":
    await resetLocal(defaultPersistDir);
    log(`wiped ${defaultPersistDir}`);
    await prepareLocal(defaultPersistDir, log);
    break;
  default:
    console.error("usage: node scripts/db.ts migrate|seed|reset");
    process.exit(2);
}
