/**
 * `GET /api/admin/facilities` and the operator's changes (`POST /api/admin/facilities`, and
 * `POST /api/admin/facilities/{id}` with the whole facility): the Catalogue tab's facilities.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FacilitiesResponseSchema, FacilityRecordSchema, type FacilityRequest } from "@jplay/schema/facilities";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_STALE_MS } from "./get-admin-payments";

export const useFacilities = () =>
  useQuery({
    queryKey: adminKeys.facilities(),
    queryFn: ({ signal }) => api.get("/api/admin/facilities", FacilitiesResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
  });

/** Adds a facility (no id) or replaces one's name, state and clean-only setting. */
export const useSaveFacility = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, facility }: { id: string | null; facility: FacilityRequest }) =>
      api.post(id === null ? "/api/admin/facilities" : `/api/admin/facilities/${encodeURIComponent(id)}`, FacilityRecordSchema, facility),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.facilities() }),
  });
};
