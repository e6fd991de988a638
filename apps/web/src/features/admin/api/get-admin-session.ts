/**
 * `GET /api/admin/session`: whether this browser may see the admin portal, and how the operator signs
 * in ("password" locally, "access" behind Cloudflare Access, null when admin is closed).
 */
import { AdminSessionResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useQuery } from "@tanstack/react-query";
import { adminKeys } from "./admin-keys";

export const getAdminSession = (signal?: AbortSignal) => api.get("/api/admin/session", AdminSessionResponseSchema, { signal });

export const useAdminSession = () => useQuery({ queryKey: adminKeys.session(), queryFn: ({ signal }) => getAdminSession(signal) });
