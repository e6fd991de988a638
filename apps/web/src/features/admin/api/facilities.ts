/**
 * `GET /api/admin/facilities` and the operator's changes (`POST /api/admin/facilities`, and
 * `POST /api/admin/facilities/{id}` with the whole facility): the Catalogue tab's facilities.
 */
import { FacilitiesResponseSchema, FacilityRecordSchema, type FacilityRequest } from "@jplay/schema/facilities";
import { api } from "@/lib/api-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_UNPOLLED, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useFacilities = () =>
  useQuery({ queryKey: adminKeys.facilities(), queryFn: () => api.get("/api/admin/facilities", FacilitiesResponseSchema), ...ADMIN_UNPOLLED });

/** Adds a facility (no id) or replaces one's name, state and clean-only setting. */
export const useSaveFacility = () =>
  useMutation({
    mutationFn: ({ id, facility }: { id: string | null; facility: FacilityRequest }) =>
      api.post(id === null ? "/api/admin/facilities" : `/api/admin/facilities/${encodeURIComponent(id)}`, FacilityRecordSchema, facility),
    onSettled: () => invalidate(adminKeys.facilities()),
  });
