import { AdminPortal } from "@/features/admin/components/admin-portal";
import { QueryScreen } from "@/lib/query";

function Screen() {
  return <AdminPortal />;
}

/** The screen with TanStack Query (lib/query.tsx). */
export function Component() {
  return (
    <QueryScreen>
      <Screen />
    </QueryScreen>
  );
}
