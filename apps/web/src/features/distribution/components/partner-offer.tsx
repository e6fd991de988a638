/**
 * The partner-offer message of the offer screen (docs/product.md, Screens): the provider's share for the
 * expedited package against the standard one ('10% instead of 2%'), and what such distribution
 * usually costs elsewhere ($99-$499). Percentages come from the pricing table.
 */
import { PACKAGES } from "@jplay/schema/pricing";
import { useI18n } from "@/lib/i18n";
import { slots, withElements } from "@/lib/i18n/with-elements";
import { percentOfBps } from "@/features/payments";

export function PartnerOffer() {
  const i18n = useI18n();
  const expedited = percentOfBps(PACKAGES.expedited.revenueSplitBps);
  const standard = percentOfBps(PACKAGES.standard.revenueSplitBps);
  return (
    <section aria-labelledby="partner-offer-heading" className="space-y-2 rounded-3xl border border-accent/50 bg-accent-soft p-5 sm:p-6">
      <h2 id="partner-offer-heading" className="text-xl font-bold">
        {i18n._("Partner offer")}
      </h2>
      <p>
        {withElements(
          i18n._(
            "Our distribution partner gets your song to listeners in 48 hours for a revenue share of {share}. Distribution like this usually costs $99-$499.",
            slots("share"),
          ),
          { share: <strong>{i18n._("{expedited} instead of {standard}", { expedited, standard })}</strong> },
        )}
      </p>
    </section>
  );
}
