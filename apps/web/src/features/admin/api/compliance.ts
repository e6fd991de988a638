/**
 * The Compliance tab's calls (docs/decisions/067-term-lists-screening-audit.md): the term lists
 * (`GET|POST /api/admin/term-lists`, `PUT …/{id}` from the version read), which lists each facility
 * applies (`PUT /api/admin/facilities/{id}/term-lists`), the live songs held at facilities
 * (`GET /api/admin/review/held`) and the decision on one (`POST /api/admin/songs/{id}/facility-decision`),
 * the audit log (`GET /api/admin/audit`) and its hash chain checked (`GET /api/admin/audit/verify`), a list's versions (`GET /api/admin/term-lists/{id}/versions`) and a
 * facility's blocks (`GET|POST /api/admin/facilities/{id}/blocks`, `POST …/blocks/{blockId}/lift`).
 * After each change everything compliance shows is read again.
 */
import {
  AuditChainResponseSchema,
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
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_FRESHNESS, ADMIN_UNPOLLED, invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const useTermLists = () =>
  useQuery({ queryKey: adminKeys.compliance("term-lists"), queryFn: () => api.get("/api/admin/term-lists", TermListsResponseSchema), ...ADMIN_UNPOLLED });

export const useHeldSongs = () =>
  useQuery({ queryKey: adminKeys.compliance("held"), queryFn: () => api.get("/api/admin/review/held", HeldSongsResponseSchema), ...ADMIN_FRESHNESS });

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

/** One read per set of filters, keyed by the query string it sends. */
export const useAuditLog = (filters: AuditFilters) => {
  const query = auditQueryString(filters);
  return useQuery({
    queryKey: adminKeys.compliance("audit", query),
    queryFn: () => api.get(`/api/admin/audit${query}`, AuditLogResponseSchema),
    placeholderData: keepPreviousData,
    ...ADMIN_FRESHNESS,
  });
};

/**
 * The audit log's seals checked from the first record (the server seals what is new first). Not polled:
 * it reads the whole log; read again after each compliance change and at the operator's Check again.
 */
export const useAuditChain = () =>
  useQuery({ queryKey: adminKeys.compliance("audit-chain"), queryFn: () => api.get("/api/admin/audit/verify", AuditChainResponseSchema), ...ADMIN_UNPOLLED });

function useComplianceChange<Variables, Answer>(send: (variables: Variables) => Promise<Answer>) {
  return useMutation({ mutationFn: send, onSettled: () => invalidate(adminKeys.compliance(), adminKeys.review()) });
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
    queryKey: adminKeys.compliance("versions", listId),
    queryFn: () => api.get(`/api/admin/term-lists/${encodeURIComponent(listId)}/versions`, TermListVersionsResponseSchema),
    enabled,
    ...ADMIN_UNPOLLED,
  });

export const useFacilityBlocks = (facilityId: string) =>
  useQuery({
    queryKey: adminKeys.compliance("blocks", facilityId),
    queryFn: () => api.get(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks`, FacilityBlocksResponseSchema),
    enabled: facilityId !== "",
    ...ADMIN_UNPOLLED,
  });

export const useBlockAtFacility = () =>
  useComplianceChange(({ facilityId, ...block }: BlockRequest & { facilityId: string }) =>
    api.post(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks`, FacilityBlockSchema, block),
  );

export const useLiftBlock = () =>
  useComplianceChange(({ facilityId, blockId, reason }: { facilityId: string; blockId: string; reason: string }) =>
    api.post(`/api/admin/facilities/${encodeURIComponent(facilityId)}/blocks/${encodeURIComponent(blockId)}/lift`, LiftBlockResponseSchema, { reason }),
  );
