import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { PageShell } from "@/components/page-shell";

export function Component() {
  return (
    <PageShell title="404 Page Not Found">
      <p className="text-lg text-muted">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
    </PageShell>
  );
}
