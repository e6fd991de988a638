/** `POST /api/admin/session {password}`: signs the operator in (HttpOnly cookie); 401 on a wrong password. */
import { AdminSessionResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { invalidateReads } from "@/lib/read-cache";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";

export const signInAdmin = (password: string) => api.post("/api/admin/session", AdminSessionResponseSchema, { password });

export const useSignInAdmin = () => useWrite(signInAdmin, { onSuccess: () => invalidateReads(adminKeys.session()) });
