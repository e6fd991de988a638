/**
 * `GET /api/admin/facilities` and the operator's changes (`POST /api/admin/facilities`, and
 * `POST /api/admin/facilities/{id}` with the whole facility): the Catalogue tab's facilities.
 */
import { FacilitiesResponseSchema, FacilityRecordSchema, type FacilityRequest } from "@jplay/schema/facilities";
import { api } from "@/lib/api-client";
import { invalidateReads } from "@/lib/read-cache";
import { useReadEvery } from "@/lib/read-every";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_UNPOLLED } from "./get-admin-payments";

export const useFacilities = () => useReadEvery(adminKeys.facilities(), () => api.get("/api/admin/facilities", FacilitiesResponseSchema), ADMIN_DATA_UNPOLLED);

/** Adds a facility (no id) or replaces one's name, state and clean-only setting. */
export const useSaveFacility = () =>
  useWrite(
    ({ id, facility }: { id: string | null; facility: FacilityRequest }) =>
      api.post(id === null ? "/api/admin/facilities" : `/api/admin/facilities/${encodeURIComponent(id)}`, FacilityRecordSchema, facility),
    { onSettled: () => invalidateReads(adminKeys.facilities()) },
  );
