/**
 * /admin: asks the server who this browser is before anything else. Signed out it shows only the
 * sign-in (never data, which the API would refuse anyway); signed in it shows the dashboard.
 */
import { useAdminSession } from "../api/get-admin-session";
import { AdminDashboard } from "./admin-dashboard";
import { AdminSignIn } from "./admin-sign-in";
import { AdminLoading, AdminLoadError } from "./admin-states";

export function AdminPortal() {
  const session = useAdminSession();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <title>Admin Portal – JPlay</title>
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Admin Portal</h1>
        <p className="text-lg text-muted">Manage payment methods, artists, and distribution status</p>
      </div>
      {session.isPending ? (
        <AdminLoading />
      ) : session.isError ? (
        <AdminLoadError />
      ) : session.data.signedIn ? (
        <AdminDashboard method={session.data.method} />
      ) : (
        <AdminSignIn method={session.data.method} />
      )}
    </div>
  );
}
