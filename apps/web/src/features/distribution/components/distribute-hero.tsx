/**
 * The top of /distribute: the page title and the pitch, with an inline SVG instead of a hero photo
 * (tablets and phones on slow connections should not wait for decoration).
 */
import { useI18n } from "@/lib/i18n";

function HeroArt() {
  return (
    <svg viewBox="0 0 200 120" aria-hidden="true" focusable="false" className="h-auto w-40 shrink-0 sm:w-56">
      <defs>
        <linearGradient id="distribute-hero-wave" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="var(--accent)" />
          <stop offset="1" stopColor="var(--accent-strong)" />
        </linearGradient>
      </defs>
      <g fill="url(#distribute-hero-wave)">
        {[18, 42, 30, 64, 50, 88, 60, 96, 70, 52, 80, 40, 58, 26, 36, 14].map((height, i) => (
          <rect key={i} x={6 + i * 12} y={60 - height / 2} width="7" height={height} rx="3.5" opacity={0.55 + (i % 4) * 0.12} />
        ))}
      </g>
    </svg>
  );
}

export function DistributeHero() {
  const i18n = useI18n();
  return (
    <section
      aria-labelledby="distribute-heading"
      className="flex flex-col items-start gap-6 overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-accent-soft to-surface p-6 sm:flex-row sm:items-center sm:p-10"
    >
      <div className="flex-1 space-y-3">
        <h1 id="distribute-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {i18n._("Distribute Your Music")}
        </h1>
        <p className="max-w-prose text-muted sm:text-lg">
          {i18n._(
            "Put your song in front of 2.4 million listeners on prison tablets. Listeners pay $1.99 per download, you keep 80% of royalties, and distribution takes 24-48 hours. No sign-up needed.",
          )}
        </p>
      </div>
      <HeroArt />
    </section>
  );
}
