/**
 * `GET /api/artist/{token}/statements` (or a collaborator's `/api/collaborator/{token}/statements`,
 * docs/splits.md): the months with a monthly statement, newest first, and the address of each month's
 * CSV (docs/decisions/028-artist-journey.md). Read through the one read cache
 * (lib/read-cache.ts, docs/decisions/074-one-read-cache.md).
 */
import { StatementMonthsResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";

/** The artist page's statements; a collaborator's page names its own. */
export const artistStatementsPath = (token: string) => `/api/artist/${encodeURIComponent(token)}/statements`;

export const statementCsvPath = (statementsPath: string, month: string) => `${statementsPath}/${month}.csv`;

export const useStatementMonths = (statementsPath: string) =>
  useQuery({ queryKey: ["statements", statementsPath], queryFn: () => api.get(statementsPath, StatementMonthsResponseSchema) });
