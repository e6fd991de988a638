import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { PageShell } from "@/components/page-shell";

export function Component() {
  return (
    <PageShell title="Your Pro subscription is active">
      <p className="text-lg">
        Thank you for subscribing to JPlay Pro. Your subscription is now active: unlimited distribution, 24-hour
        priority processing, monthly reports and the support hotline are yours.
      </p>
      <Link to="/" className={buttonClass("primary", "lg")}>
        Back to Home
      </Link>
    </PageShell>
  );
}
