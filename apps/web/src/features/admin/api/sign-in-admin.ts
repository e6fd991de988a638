/** `POST /api/admin/session {password}`: signs the operator in (HttpOnly cookie); 401 on a wrong password. */
import { AdminSessionResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidate } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const signInAdmin = (password: string) => api.post("/api/admin/session", AdminSessionResponseSchema, { password });

export const useSignInAdmin = () => useMutation({ mutationFn: signInAdmin, onSuccess: () => invalidate(adminKeys.session()) });
