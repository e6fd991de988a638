/**
 * The facilities operators register (admin: Catalogue tab). A facility's id is what its tablets send
 * with every catalogue call; whether it is clean-only decides what they may list
 * (catalogue/catalogue-scope.ts, docs/decisions/051-facilities-and-clean-catalogue.md).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Facility, FacilityRequest, UsStateCode } from "@jplay/schema/facilities";
import { facilities } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { unknownFacility } from "./catalogue-scope";
import { purgeCatalogue } from "./edge-cache";
import { auditEntry } from "../platform/audit-log";
import { runBatch } from "../platform/db";

type FacilityRow = typeof facilities.$inferSelect;

const toFacility = (row: FacilityRow): Facility => ({
  id: row.id,
  name: row.name,
  // Written only through FacilitySchema (and the demo seed's own codes).
  state: row.state as UsStateCode,
  cleanOnly: row.cleanOnly,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listFacilities(ctx: Ctx): Promise<Facility[]> {
  const rows = await ctx.db.select().from(facilities).orderBy(asc(facilities.name), asc(facilities.id));
  return rows.map(toFacility);
}

const settingsText = (f: FacilityRequest) => `"${f.name}", ${f.state}, ${f.cleanOnly ? "clean only" : "explicit allowed"}`;

/** `actor` names the operator in the audit log (the demo seed writes none). */
export async function createFacility(ctx: Ctx, facility: FacilityRequest, now = ctx.now(), actor?: string): Promise<Facility> {
  const [row] = await ctx.db
    .insert(facilities)
    .values({ id: crypto.randomUUID(), name: facility.name, state: facility.state, cleanOnly: facility.cleanOnly, createdAt: now })
    .returning();
  if (actor !== undefined) await ctx.db.run(auditEntry({ at: now, actor, action: "facility_created", facilityId: row!.id, detail: `Facility added: ${settingsText(facility)}` }));
  // Tablets of the new facility are answered from the next catalogue generation on.
  await purgeCatalogue();
  return toFacility(row!);
}

/** Replaces a facility's name, state and clean-only setting; 404 when there is no such facility. */
export async function updateFacility(ctx: Ctx, id: string, facility: FacilityRequest, actor = "system"): Promise<Facility> {
  const [before] = await ctx.db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!before) throw unknownFacility();
  const now = ctx.now();
  await runBatch(ctx.db, [
    sql`update facilities set name = ${facility.name}, state = ${facility.state}, clean_only = ${facility.cleanOnly ? 1 : 0} where id = ${id}`,
    auditEntry({ at: now, actor, action: "facility_changed", facilityId: id, detail: `Facility settings ${settingsText({ ...before, state: before.state as UsStateCode })} → ${settingsText(facility)}` }),
  ]);
  const [row] = await ctx.db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!row) throw unknownFacility();
  // The facility's clean-only flag decides what its tablets are given.
  await purgeCatalogue();
  return toFacility(row);
}
