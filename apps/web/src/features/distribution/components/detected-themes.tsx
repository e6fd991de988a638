/** The offer screen's detected themes (docs/product.md, Screens): fixed sample themes, shown as such. */
const SAMPLE_THEMES = ["Resilience", "Hope", "Family", "Freedom", "Second chances"] as const;

export function DetectedThemes() {
  return (
    <section aria-labelledby="themes-heading" className="space-y-3 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="themes-heading" className="text-xl font-bold">
        Detected themes
      </h2>
      <ul className="flex flex-wrap gap-2">
        {SAMPLE_THEMES.map((theme) => (
          <li key={theme} className="rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold">
            {theme}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">Themes listeners inside connect with most.</p>
    </section>
  );
}
