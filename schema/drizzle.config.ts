// drizzle-kit reads the tables and writes SQL migrations that `wrangler d1 migrations apply` runs.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/src/tables.ts",
  out: "./schema/migrations",
});
