/**
 * `POST /api/admin/settlements`: records money the tablet provider settled to JPlay. Recording the
 * same reference again changes nothing (`recorded: false`); the funding figures are read again after.
 */
import { RecordSettlementResponseSchema, type SettlementRequest } from "@jplay/schema/funding";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const recordSettlement = (request: SettlementRequest) => api.post("/api/admin/settlements", RecordSettlementResponseSchema, request);

export const useRecordSettlement = () => useMutation({ mutationFn: recordSettlement, onSettled: () => invalidate(adminKeys.funding()) });
