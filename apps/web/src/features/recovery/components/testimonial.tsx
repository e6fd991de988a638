/** The recovery screen's testimonial quote (docs/product.md, Screens). */
import { useI18n } from "@/lib/i18n";

export function Testimonial() {
  const i18n = useI18n();
  return (
    <figure className="space-y-3 rounded-3xl border border-line bg-surface p-5 sm:p-6">
      <blockquote className="text-lg italic">
        {i18n._(
          "“I almost gave up after my first payment failed. Taking the offer was the best decision I made: my songs reached listeners inside within two weeks, and the downloads keep coming.”",
        )}
      </blockquote>
      <figcaption className="text-sm text-muted">{i18n._("— Marcus T., independent artist")}</figcaption>
    </figure>
  );
}
