import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

const claims = [
  { value: /*i18n*/ "$1.99", label: /*i18n*/ "per download" },
  { value: /*i18n*/ "80%", label: /*i18n*/ "of royalties go to you" },
  { value: /*i18n*/ "2.4 million", label: /*i18n*/ "incarcerated listeners in the United States" },
  { value: /*i18n*/ "No sign-up", label: /*i18n*/ "needed to distribute" },
  { value: /*i18n*/ "24-48 hours", label: /*i18n*/ "to process your distribution" },
];

export function InfoSection() {
  const i18n = useI18n();
  return (
    <section
      id="learn-more"
      tabIndex={-1}
      aria-labelledby="learn-more-heading"
      className="scroll-mt-24 space-y-6 rounded-3xl border border-line bg-surface p-6 sm:p-10"
    >
      <div className="space-y-2">
        <h2 id="learn-more-heading" className="text-2xl font-bold sm:text-3xl">
          {i18n._("Why artists distribute with JPlay")}
        </h2>
        <p className="max-w-prose text-muted">
          {i18n._("Listeners inside buy and download the songs they love, so every sale pays you, not a fraction of a cent per stream.")}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {claims.map((claim) => (
          <div key={claim.value} className="flex flex-col rounded-2xl bg-surface-2 p-4">
            <dt className="text-sm text-muted">{i18n._(claim.label)}</dt>
            <dd className="order-first text-2xl font-extrabold text-accent">{i18n._(claim.value)}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-line p-5">
          <p className="text-sm text-muted">{i18n._("1,000 streams on a streaming service")}</p>
          <p className="text-3xl font-extrabold">$2-4</p>
        </div>
        <div className="rounded-2xl border-2 border-accent p-5">
          <p className="text-sm text-muted">{i18n._("1,000 downloads on JPlay")}</p>
          <p className="text-3xl font-extrabold text-accent">$2,000</p>
          <p className="mt-1 text-sm font-semibold">{i18n._("500x more revenue")}</p>
        </div>
      </div>

      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        {i18n._("Get started with distribution")}
      </Link>
    </section>
  );
}
