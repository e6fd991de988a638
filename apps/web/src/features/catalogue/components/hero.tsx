import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";

/** Lightweight inline illustration (no image download: tablets are often on slow Wi-Fi). */
function HeroArt() {
  return (
    <svg viewBox="0 0 320 240" aria-hidden="true" focusable="false" className="h-auto w-full max-w-sm">
      <defs>
        <linearGradient id="hero-disc" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--accent)" />
          <stop offset="1" stopColor="var(--accent-soft)" />
        </linearGradient>
      </defs>
      <circle cx="150" cy="120" r="100" fill="url(#hero-disc)" opacity="0.9" />
      <circle cx="150" cy="120" r="72" fill="none" stroke="var(--bg)" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="150" cy="120" r="48" fill="none" stroke="var(--bg)" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="150" cy="120" r="18" fill="var(--bg)" />
      <path d="M144 108v24l20-12z" fill="var(--accent)" />
      <g fill="var(--accent)">
        {[30, 58, 42, 76, 50, 64, 36].map((h, i) => (
          <rect key={i} x={258 + i * 8} y={200 - h} width="5" height={h} rx="2.5" opacity={0.5 + i * 0.07} />
        ))}
      </g>
      <path d="M40 60c12-8 24-8 36 0M30 44c18-12 38-12 56 0" stroke="var(--accent)" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function Hero() {
  const i18n = useI18n();
  return (
    <section aria-labelledby="hero-heading" className="overflow-hidden rounded-3xl border border-line bg-surface">
      <div className="grid items-center gap-6 p-6 sm:p-10 md:grid-cols-[1.2fr_1fr]">
        <div className="space-y-5">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{i18n._("Music for 2.4 million listeners")}</p>
          <h1 id="hero-heading" className="text-3xl font-extrabold tracking-tight sm:text-5xl">
            {i18n._("Get your music on the tablets inside.")}
          </h1>
          <p className="max-w-prose text-base text-muted sm:text-lg">
            {i18n._("Incarcerated listeners across the United States buy tracks at $1.99 per download. You keep 80% of royalties, with no sign-up needed.")}
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/distribute" className={buttonClass("primary", "lg")}>
              {i18n._("Start distributing")}
            </Link>
            <Link to="/#learn-more" className={buttonClass("secondary", "lg")}>
              {i18n._("How it works")}
            </Link>
          </div>
        </div>
        <div className="flex justify-center">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
