/**
 * `GET /api/artist/{token}/statements`: the months with a monthly statement, newest first, and the
 * address of each month's CSV (docs/decisions/028-artist-journey.md). Read through the one read cache
 * (lib/read-cache.ts, docs/decisions/074-one-read-cache.md).
 */
import { StatementMonthsResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";

const statementsPath = (token: string) => `/api/artist/${encodeURIComponent(token)}/statements`;

export const statementCsvPath = (token: string, month: string) => `${statementsPath(token)}/${month}.csv`;

export const useStatementMonths = (token: string) =>
  useQuery({ queryKey: ["artist", "statements", token], queryFn: () => api.get(statementsPath(token), StatementMonthsResponseSchema) });
