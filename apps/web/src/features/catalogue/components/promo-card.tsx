import { Link } from "@/lib/router/link";
import { buttonClass } from "@/components/ui/button";
import { UploadIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";

export function PromoCard() {
  const i18n = useI18n();
  return (
    <section
      aria-labelledby="promo-heading"
      className="flex flex-col items-start gap-4 rounded-3xl bg-accent-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="space-y-1">
        <h2 id="promo-heading" className="text-xl font-bold sm:text-2xl">
          {i18n._("Got a song ready?")}
        </h2>
        <p className="text-muted">{i18n._("Upload an MP3, set your price and reach 2.4 million listeners. Distribution is processed in 24-48 hours.")}</p>
      </div>
      <Link to="/distribute" className={buttonClass("primary", "lg")}>
        <UploadIcon className="size-5" />
        {i18n._("Upload your song")}
      </Link>
    </section>
  );
}
