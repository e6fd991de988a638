/** The offer screen's detected themes (docs/product.md, Screens): fixed sample themes, shown as such. */
import { useI18n } from "@/lib/i18n";

const SAMPLE_THEMES = [/*i18n*/ "Resilience", /*i18n*/ "Hope", /*i18n*/ "Family", /*i18n*/ "Freedom", /*i18n*/ "Second chances"] as const;

export function DetectedThemes() {
  const i18n = useI18n();
  return (
    <section aria-labelledby="themes-heading" className="space-y-3 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="themes-heading" className="text-xl font-bold">
        {i18n._("Detected themes")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {SAMPLE_THEMES.map((theme) => (
          <li key={theme} className="rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold">
            {i18n._(theme)}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{i18n._("Themes listeners inside connect with most.")}</p>
    </section>
  );
}
