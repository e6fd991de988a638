/**
 * `DELETE /api/admin/session`: ends the operator's session. Everything the session could read is
 * dropped from the cache too, so no admin data stays in this tab after signing out.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AdminSessionResponse, AdminSessionResponseSchema } from "@jplay/schema/admin";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";

export const signOutAdmin = () => apiRequest("DELETE", "/api/admin/session", AdminSessionResponseSchema);

export const useSignOutAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutAdmin,
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: adminKeys.data() });
      queryClient.setQueryData<AdminSessionResponse>(adminKeys.session(), (previous) =>
        previous ? { ...previous, signedIn: false } : previous,
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    },
  });
};
