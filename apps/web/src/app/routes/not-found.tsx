import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { PageShell } from "@/components/page-shell";
import { useI18n } from "@/lib/i18n";

export function Component() {
  const i18n = useI18n();
  return (
    <PageShell title={i18n._("404 Page Not Found")}>
      <p className="text-lg text-muted">{i18n._("Did you forget to add the page to the router?")}</p>
      <Link to="/" className={buttonClass("primary")}>
        {i18n._("Back to Home")}
      </Link>
    </PageShell>
  );
}
