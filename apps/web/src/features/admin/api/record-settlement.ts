/**
 * `POST /api/admin/settlements`: records money the tablet provider settled to JPlay. Recording the
 * same reference again changes nothing (`recorded: false`); the funding figures are read again after.
 */
import { RecordSettlementResponseSchema, type SettlementRequest } from "@jplay/schema/funding";
import { api } from "@/lib/api-client";
import { invalidateReads } from "@/lib/read-cache";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";

export const recordSettlement = (request: SettlementRequest) => api.post("/api/admin/settlements", RecordSettlementResponseSchema, request);

export const useRecordSettlement = () => useWrite(recordSettlement, { onSettled: () => invalidateReads(adminKeys.funding()) });
