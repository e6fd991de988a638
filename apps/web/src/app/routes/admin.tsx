import { AdminPortal } from "@/features/admin/components/admin-portal";

export function Component() {
  return <AdminPortal />;
}
