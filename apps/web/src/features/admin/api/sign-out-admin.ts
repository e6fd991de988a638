/**
 * `DELETE /api/admin/session`: ends the operator's session. Everything the session could read is
 * dropped from the cache too, so no admin data stays in this tab after signing out.
 */
import { type AdminSessionResponse, AdminSessionResponseSchema } from "@jplay/schema/admin";
import { apiRequest } from "@/lib/api-client";
import { useMutation } from "@tanstack/react-query";
import { invalidate, queryClient } from "@/lib/query";
import { adminKeys } from "./admin-keys";

export const signOutAdmin = () => apiRequest("DELETE", "/api/admin/session", AdminSessionResponseSchema);

export const useSignOutAdmin = () =>
  useMutation({
    mutationFn: signOutAdmin,
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: adminKeys.data() });
      // Only a session already read is marked signed out (there is nothing to mark otherwise).
      queryClient.setQueryData<AdminSessionResponse>(adminKeys.session(), (previous) => previous && { ...previous, signedIn: false });
      await invalidate(adminKeys.session());
    },
  });
