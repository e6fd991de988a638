/**
 * The Compliance tab's calls (docs/decisions/067-term-lists-screening-audit.md): the term lists
 * (`GET|POST /api/admin/term-lists`, `PUT …/{id}` from the version read), which lists each facility
 * applies (`PUT /api/admin/facilities/{id}/term-lists`), the live songs held at facilities
 * (`GET /api/admin/review/held`) and the decision on one (`POST /api/admin/songs/{id}/facility-decision`),
 * the audit log (`GET /api/admin/audit`), a list's versions (`GET /api/admin/term-lists/{id}/versions`) and a
 * facility's blocks (`GET|POST /api/admin/facilities/{id}/blocks`, `POST …/blocks/{blockId}/lift`).
 * After each change everything compliance shows is read again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AuditLogResponseSchema,
  type BlockRequest,
  FacilityBlockSchema,
  FacilityBlocksResponseSchema,
  type FacilityDecisionRequest,
  FacilityDecisionResponseSchema,
  FacilityTermListsResponseSchema,
  HeldSongsResponseSchema,
  LiftBlockResponseSchema,
  type Term,
  type TermList,
  TermListSchema,
  TermListsResponseSchema,
  TermListVersionsResponseSchema,
} from "@jplay/schema/compliance";
import { api, apiRequest } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";
import { ADMIN_DATA_REFETCH_MS, ADMIN_DATA_STALE_MS } from "./get-admin-payments";

const complianceKey = [...adminKeys.data(), "compliance"] as const;

export const useTermLists = () =>
  useQuery({ queryKey: [...complianceKey, "term-lists"], queryFn: ({ signal }) => api.get("/api/admin/term-lists", TermListsResponseSchema, { signal }), staleTime: ADMIN_DATA_STALE_MS });

export const useHeldSongs = () =>
  useQuery({
    queryKey: [...complianceKey, "held"],
    queryFn: ({ signal }) => api.get("/api/admin/review/held", HeldSongsResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
  });

export interface AuditFilters {
  facility: string;
  action: string;
  from: string;
  to: string;
}

/** The filters as the audit calls' query string (empty ones left out). */
export const auditQueryString = (filters: AuditFilters) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== "") params.set(name, value);
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
};

export const useAuditLog = (filters: AuditFilters) =>
  useQuery({
    queryKey: [...complianceKey, "audit", filters],
    queryFn: ({ signal }) => api.get(`/api/admin/audit${auditQueryString(filters)}`, AuditLogResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    refetchInterval: ADMIN_DATA_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

function useComplianceChange<Variables, Answer>(send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: complianceKey }), queryClient.invalidateQueries({ queryKey: [...adminKeys.data(), "review"] })]),
  });
}

export const useCreateTermList = () => useComplianceChange((name: string) => api.post("/api/admin/term-lists", TermListSchema, { name, terms: [] }));

export const useChangeTermList = () =>
  useComplianceChange(({ list, terms }: { list: TermList; terms: Term[] }) =>
    apiRequest("PUT", `/api/admin/term-lists/${encodeURIComponent(list.id)}`, TermListSchema, { name: list.name, version: list.version, terms }),
  );

export const useSetFacilityLists = () =>
  useComplianceChange(({ facilityId, listIds }: { facilityId: string; listIds: string[] }) =>
    apiRequest("PUT", `/api/admin/facilities/${encodeURIComponent(facilityId)}/term-lists`, FacilityTermListsResponseSchema, { listIds }),
  );

export const useDecideHeldSong = () =>
  useComplianceChange(({ songId, ...decision }: FacilityDecisionRequest & { songId: string }) =>
    api.post(`/api/admin/songs/${encodeURIComponent(songId)}/facility-decision`, FacilityDecisionResponseSchema, decision),
  );

/** A term list's every version, newest last as the server gives them; read only while shown. */
export const useTermListVersions = (listId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...complianceKey, "versions", listId],
    queryFn: ({ signal }) => api.get(`/api/admin/term-lists/${encodeURIComponent(listId)}/versions`, TermListVersionsResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    enabled,
  });

export const useFacilityBlocks = (facilityId: string) =>
  useQuery({
    queryKey: [...complianceKey, "blocks", facilityId],
    queryFn: ({ signal }) => api.get(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks`, FacilityBlocksResponseSchema, { signal }),
    staleTime: ADMIN_DATA_STALE_MS,
    enabled: facilityId !== "",
  });

export const useBlockAtFacility = () =>
  useComplianceChange(({ facilityId, ...block }: BlockRequest & { facilityId: string }) =>
    api.post(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks`, FacilityBlockSchema, block),
  );

export const useLiftBlock = () =>
  useComplianceChange(({ facilityId, blockId, reason }: { facilityId: string; blockId: string; reason: string }) =>
    api.post(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks/${encodeURIComponent(blockId)}/lift`, LiftBlockResponseSchema, { reason }),
  );
