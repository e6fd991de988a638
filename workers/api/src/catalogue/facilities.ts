/**
 * The facilities operators register (admin: Catalogue tab). A facility's id is what its tablets send
 * with every catalogue call; whether it is clean-only decides what they may list
 * (catalogue/catalogue-scope.ts, docs/decisions/051-facilities-and-clean-catalogue.md); its price
 * ceiling bounds what its listeners pay (docs/decisions/071-facility-price-ceilings.md).
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Facility, FacilityRequest, UsStateCode } from "@jplay/schema/facilities";
import { centsToDollars, FACILITY_PRICE_CEILING_DEFAULT_CENTS } from "@jplay/schema/pricing";
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
  priceCeilingCents: row.priceCeilingCents,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listFacilities(ctx: Ctx): Promise<Facility[]> {
  const rows = await ctx.db.select().from(facilities).orderBy(asc(facilities.name), asc(facilities.id));
  return rows.map(toFacility);
}

type FacilitySettings = Required<FacilityRequest>;

const settingsText = (f: FacilitySettings) =>
  `"${f.name}", ${f.state}, ${f.cleanOnly ? "clean only" : "explicit allowed"}, price ceiling $${centsToDollars(f.priceCeilingCents).toFixed(2)}`;

/** `actor` names the operator in the audit log (the demo seed writes none). */
export async function createFacility(ctx: Ctx, facility: FacilityRequest, now = ctx.now(), actor?: string): Promise<Facility> {
  const settings: FacilitySettings = { ...facility, priceCeilingCents: facility.priceCeilingCents ?? FACILITY_PRICE_CEILING_DEFAULT_CENTS };
  const [row] = await ctx.db
    .insert(facilities)
    .values({ id: crypto.randomUUID(), ...settings, createdAt: now })
    .returning();
  if (actor !== undefined)
    await ctx.db.run(auditEntry({ at: now, actor, action: "facility_created", facilityId: row!.id, detail: `Facility added: ${settingsText(settings)}` }));
  // Tablets of the new facility are answered from the next catalogue generation on.
  await purgeCatalogue();
  return toFacility(row!);
}

/**
 * Replaces a facility's name, state, clean-only setting and (when given) price ceiling; 404 when
 * there is no such facility.
 */
export async function updateFacility(ctx: Ctx, id: string, facility: FacilityRequest, actor = "system"): Promise<Facility> {
  const [before] = await ctx.db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!before) throw unknownFacility();
  const now = ctx.now();
  const after: FacilitySettings = { ...facility, priceCeilingCents: facility.priceCeilingCents ?? before.priceCeilingCents };
  await runBatch(ctx.db, [
    sql`update facilities set name = ${after.name}, state = ${after.state}, clean_only = ${after.cleanOnly ? 1 : 0}, price_ceiling_cents = ${after.priceCeilingCents} where id = ${id}`,
    auditEntry({
      at: now,
      actor,
      action: "facility_changed",
      facilityId: id,
      detail: `Facility settings ${settingsText({ ...before, state: before.state as UsStateCode })} → ${settingsText(after)}`,
    }),
  ]);
  const [row] = await ctx.db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!row) throw unknownFacility();
  // The facility's clean-only flag decides what its tablets are given.
  await purgeCatalogue();
  return toFacility(row);
}

/** D1 binds at most 100 parameters per statement. */
const FACILITY_LOOKUP_CHUNK = 90;

/**
 * The price ceilings of the given facilities, by id (docs/decisions/071-facility-price-ceilings.md);
 * a facility JPlay does not know is absent.
 */
export async function facilityPriceCeilings(ctx: Ctx, facilityIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(facilityIds)];
  const ceilings = new Map<string, number>();
  for (let i = 0; i < ids.length; i += FACILITY_LOOKUP_CHUNK) {
    const rows = await ctx.db
      .select({ id: facilities.id, priceCeilingCents: facilities.priceCeilingCents })
      .from(facilities)
      .where(inArray(facilities.id, ids.slice(i, i + FACILITY_LOOKUP_CHUNK)));
    for (const row of rows) ceilings.set(row.id, row.priceCeilingCents);
  }
  return ceilings;
}
