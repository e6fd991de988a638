import type { ReactNode } from "react";

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
