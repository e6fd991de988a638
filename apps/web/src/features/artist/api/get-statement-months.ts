/**
 * `GET /api/artist/{token}/statements`: the months with a monthly statement, newest first, and the
 * address of each month's CSV (docs/decisions/028-artist-journey.md).
 */
import { useQuery } from "@tanstack/react-query";
import { StatementMonthsResponseSchema } from "@jplay/schema/me";
import { api } from "@/lib/api-client";

const statementsPath = (token: string) => `/api/artist/${encodeURIComponent(token)}/statements`;

export const statementCsvPath = (token: string, month: string) => `${statementsPath(token)}/${month}.csv`;

export const useStatementMonths = (token: string) =>
  useQuery({
    queryKey: ["artist", "statements", token],
    queryFn: ({ signal }) => api.get(statementsPath(token), StatementMonthsResponseSchema, { signal }),
  });
