/**
 * Which catalogue a listener call is answered from. A tablet says where it is with `?facility=<id>`
 * (or asks for `?catalogue=clean` outright): a clean-only facility, or the clean catalogue, never
 * gets a song with explicit content or an unanswered one. Without either, the full catalogue.
 * The scope travels on the media URLs the answer gives out, so the audio and cover routes apply the
 * same rule (docs/decisions/051-facilities-and-clean-catalogue.md).
 */
import { eq } from "drizzle-orm";
import { facilities } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { AppError, badRequest } from "../platform/errors";

export interface CatalogueScope {
  /** Explicit and unanswered songs are left out. */
  cleanOnly: boolean;
  /** The scope's query string for the media URLs of its songs; "" for the full catalogue asked without a scope. */
  query: string;
  /** The facility asking: its held and blocked songs are left out (catalogue/facility-exclusions.ts). */
  facilityId?: string;
}

export const FULL_CATALOGUE: CatalogueScope = { cleanOnly: false, query: "" };

export const unknownFacility = () => new AppError(404, "unknown_facility", /*i18n*/ "Unknown facility");

/** A facility's clean-only flag, or undefined for a facility JPlay does not know. */
export type FacilityLookup = (facilityId: string) => Promise<boolean | undefined> | boolean | undefined;

/** Looks the facility up in D1. */
export const facilityInDb =
  (ctx: Ctx): FacilityLookup =>
  async (facilityId) => {
    const [facility] = await ctx.db.select({ cleanOnly: facilities.cleanOnly }).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
    return facility?.cleanOnly;
  };

/** The scope a listener call asks for with `?facility=` and `?catalogue=`; 404 for a facility JPlay does not know. */
export async function resolveCatalogueScope(
  facilityCleanOnly: FacilityLookup,
  asked: { facility: string | undefined; catalogue: string | undefined },
): Promise<CatalogueScope> {
  if (asked.catalogue !== undefined && asked.catalogue !== "clean") {
    throw badRequest(/*i18n*/ 'catalogue must be "clean" (leave it out for the full catalogue)');
  }
  const params = new URLSearchParams();
  let cleanOnly = asked.catalogue === "clean";
  if (asked.facility !== undefined) {
    const facilityIsCleanOnly = await facilityCleanOnly(asked.facility);
    if (facilityIsCleanOnly === undefined) throw unknownFacility();
    cleanOnly ||= facilityIsCleanOnly;
    params.set("facility", asked.facility);
  }
  if (asked.catalogue !== undefined) params.set("catalogue", asked.catalogue);
  const query = params.toString();
  return { cleanOnly, query: query === "" ? "" : `?${query}`, ...(asked.facility !== undefined ? { facilityId: asked.facility } : {}) };
}
