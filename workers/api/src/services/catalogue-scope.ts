/**
 * Which catalogue a listener call is answered from. A tablet says where it is with `?facility=<id>`
 * (or asks for `?catalogue=clean` outright): a clean-only facility, or the clean catalogue, never
 * gets a song with explicit content or an unanswered one. Without either, the full catalogue.
 * The scope travels on the media URLs the answer gives out, so the audio and cover routes apply the
 * same rule (docs/decisions/029-catalogue-control.md).
 */
import { eq } from "drizzle-orm";
import { facilities } from "@jplay/schema/tables";
import type { Db } from "../db";
import { AppError, badRequest } from "../errors";

export interface CatalogueScope {
  /** Explicit and unanswered songs are left out. */
  cleanOnly: boolean;
  /** The scope's query string for the media URLs of its songs; "" for the full catalogue asked without a scope. */
  query: string;
}

export const FULL_CATALOGUE: CatalogueScope = { cleanOnly: false, query: "" };

export const unknownFacility = () => new AppError(404, "unknown_facility", "Unknown facility");

/** The scope a listener call asks for with `?facility=` and `?catalogue=`; 404 for a facility JPlay does not know. */
export async function resolveCatalogueScope(db: Db, asked: { facility: string | undefined; catalogue: string | undefined }): Promise<CatalogueScope> {
  if (asked.catalogue !== undefined && asked.catalogue !== "clean") {
    throw badRequest('catalogue must be "clean" (leave it out for the full catalogue)');
  }
  const params = new URLSearchParams();
  let cleanOnly = asked.catalogue === "clean";
  if (asked.facility !== undefined) {
    const [facility] = await db.select({ cleanOnly: facilities.cleanOnly }).from(facilities).where(eq(facilities.id, asked.facility)).limit(1);
    if (!facility) throw unknownFacility();
    cleanOnly ||= facility.cleanOnly;
    params.set("facility", asked.facility);
  }
  if (asked.catalogue !== undefined) params.set("catalogue", asked.catalogue);
  const query = params.toString();
  return { cleanOnly, query: query === "" ? "" : `?${query}` };
}
