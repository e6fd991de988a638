/** `POST /api/admin/session {password}`: signs the operator in (HttpOnly cookie); 401 on a wrong password. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AdminSessionResponseSchema } from "@jplay/schema/admin";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";

export const signInAdmin = (password: string) => api.post("/api/admin/session", AdminSessionResponseSchema, { password });

export const useSignInAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.session() }),
  });
};
