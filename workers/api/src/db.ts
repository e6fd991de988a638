/** drizzle over the D1 binding; built per request because bindings arrive with the request. */
import { drizzle } from "drizzle-orm/d1";
import * as tables from "@jplay/schema/tables";

export const createDb = (d1: D1Database) => drizzle(d1, { schema: tables });
export type Db = ReturnType<typeof createDb>;
