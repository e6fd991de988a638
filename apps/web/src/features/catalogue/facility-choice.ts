/**
 * Which facility this tablet is in, so a clean-only facility's tablets get the clean catalogue
 * (docs/decisions/051-facilities-and-clean-catalogue.md). The tablet provider opens `/?facility=<id>` once; the
 * app keeps the id in localStorage (like the theme) and sends it with every catalogue list call. The
 * songs' media URLs come back from the API with the facility in them, so playback is checked too.
 * `/?facility=` with no id forgets it (the full catalogue again). The id is also kept as a cookie,
 * the one place the Worker can read it from when it renders Home on the server
 * (docs/decisions/031-server-rendered-home.md). Without the API client, so a page's start
 * (main.tsx) reads it without loading the client.
 */
import { storage } from "@/lib/storage";

export const FACILITY_STORAGE_KEY = "facility";
/** Read by the Worker's Home route (workers/api/src/catalogue/routes/home-page.ts). */
export const FACILITY_COOKIE = "facility";
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie

/** The facility this tablet keeps; null: the full catalogue. */
export const currentFacility = (): string | null => storage.get(FACILITY_STORAGE_KEY) || null;

/** The cookie says what localStorage says (set, changed or removed). */
function keepFacilityCookie(facility: string | null): void {
  const attributes = `Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  document.cookie = facility
    ? `${FACILITY_COOKIE}=${encodeURIComponent(facility)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; ${attributes}`
    : `${FACILITY_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * Keeps the facility the address names, if it names one, and the cookie in step with it (a tablet
 * that kept its facility before the cookie existed gets it now); call before the first catalogue read.
 */
export function rememberFacilityFromAddress(): void {
  const params = new URLSearchParams(window.location.search);
  const facility = params.get("facility");
  if (facility !== null) {
    if (facility.trim() === "") storage.remove(FACILITY_STORAGE_KEY);
    else storage.set(FACILITY_STORAGE_KEY, facility.trim());
  }
  keepFacilityCookie(currentFacility());
}

/** `path` with this tablet's facility in its query, when it has one. */
export function inFacility(path: string): string {
  const facility = currentFacility();
  if (!facility) return path;
  return `${path}${path.includes("?") ? "&" : "?"}facility=${encodeURIComponent(facility)}`;
}
