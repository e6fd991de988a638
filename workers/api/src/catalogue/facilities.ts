/**
 * The facilities operators register (admin: Catalogue tab). A facility's id is what its tablets send
 * with every catalogue call; whether it is clean-only decides what they may list
 * (catalogue/catalogue-scope.ts, docs/decisions/051-facilities-and-clean-catalogue.md).
 */
import { asc, eq } from "drizzle-orm";
import type { Facility, FacilityRequest, UsStateCode } from "@jplay/schema/facilities";
import { facilities } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { unknownFacility } from "./catalogue-scope";
import { purgeCatalogue } from "./edge-cache";

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

export async function createFacility(ctx: Ctx, facility: FacilityRequest, now = ctx.now()): Promise<Facility> {
  const [row] = await ctx.db
    .insert(facilities)
    .values({ id: crypto.randomUUID(), name: facility.name, state: facility.state, cleanOnly: facility.cleanOnly, createdAt: now })
    .returning();
  // Tablets of the new facility are answered from the next catalogue generation on.
  await purgeCatalogue();
  return toFacility(row!);
}

/** Replaces a facility's name, state and clean-only setting; 404 when there is no such facility. */
export async function updateFacility(ctx: Ctx, id: string, facility: FacilityRequest): Promise<Facility> {
  const [row] = await ctx.db
    .update(facilities)
    .set({ name: facility.name, state: facility.state, cleanOnly: facility.cleanOnly })
    .where(eq(facilities.id, id))
    .returning();
  if (!row) throw unknownFacility();
  // The facility's clean-only flag decides what its tablets are given.
  await purgeCatalogue();
  return toFacility(row);
}
