import type { ReactNode } from "react";
import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/** A centred page with a title, used by the simple screens. */
export function PageShell({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6">
      <title>{`${title} – JPlay`}</title>
      <div className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {subtitle && <p className="text-lg text-muted">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}

/** An honest placeholder for a screen later work builds: the deep link works, nothing pretends to. */
export function NotOpenYet({ title, subtitle }: { title: string; subtitle?: string }) {
  const i18n = useI18n();
  return (
    <PageShell title={title} {...(subtitle ? { subtitle } : {})}>
      <p className="rounded-2xl border border-dashed border-line p-6">{i18n._("This part of JPlay is not open yet.")}</p>
      <Link to="/" className={buttonClass("secondary")}>
        {i18n._("Back to Home")}
      </Link>
    </PageShell>
  );
}
