/**
 * `DELETE /api/admin/session`: ends the operator's session. Everything the session could read is
 * dropped from the cache too, so no admin data stays in this tab after signing out.
 */
import { type AdminSessionResponse, AdminSessionResponseSchema } from "@jplay/schema/admin";
import { apiRequest } from "@/lib/api-client";
import { forgetReads, invalidateReads, readData, setRead } from "@/lib/read-cache";
import { useWrite } from "@/lib/use-write";
import { adminKeys } from "./admin-keys";

export const signOutAdmin = () => apiRequest("DELETE", "/api/admin/session", AdminSessionResponseSchema);

export const useSignOutAdmin = () =>
  useWrite(signOutAdmin, {
    onSettled: async () => {
      forgetReads(adminKeys.data());
      // Only a session already read is marked signed out (there is nothing to mark otherwise).
      const previous = readData<AdminSessionResponse>(adminKeys.session());
      if (previous) setRead<AdminSessionResponse>(adminKeys.session(), { ...previous, signedIn: false });
      await invalidateReads(adminKeys.session());
    },
  });
