/**
 * Which facility this tablet is in, so a clean-only facility's tablets get the clean catalogue
 * (docs/decisions/029-catalogue-control.md). The tablet provider opens `/?facility=<id>` once; the
 * app keeps the id in localStorage (like the theme) and sends it with every catalogue list call. The
 * songs' media URLs come back from the API with the facility in them, so playback is checked too.
 * `/?facility=` with no id forgets it (the full catalogue again).
 */
import { ApiError } from "@/lib/api-client";
import { storage } from "@/lib/storage";

export const FACILITY_STORAGE_KEY = "facility";

/** Keeps the facility the address names, if it names one; call before the first catalogue read. */
export function rememberFacilityFromAddress(): void {
  const params = new URLSearchParams(window.location.search);
  const facility = params.get("facility");
  if (facility === null) return;
  if (facility.trim() === "") storage.remove(FACILITY_STORAGE_KEY);
  else storage.set(FACILITY_STORAGE_KEY, facility.trim());
}

/** `path` with this tablet's facility in its query, when it has one. */
export function inFacility(path: string): string {
  const facility = storage.get(FACILITY_STORAGE_KEY);
  if (!facility) return path;
  return `${path}${path.includes("?") ? "&" : "?"}facility=${encodeURIComponent(facility)}`;
}

/** A catalogue list answers 404 only when the facility this tablet keeps is not known to JPlay. */
export const isUnknownFacility = (error: unknown) => error instanceof ApiError && error.status === 404;
