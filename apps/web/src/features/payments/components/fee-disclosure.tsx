/**
 * What the artist agrees to before the card is saved for off-session use: the one-time distribution
 * fee and later charges made without them present (such as a retry of a failed fee). Card networks
 * expect this consent for merchant-initiated charges (https://docs.stripe.com/payments/save-and-reuse).
 * It also says where earnings go: not to this card, but to the payout account the artist adds in
 * Stripe's payout setup (docs/decisions/028-artist-journey.md).
 */
import type { PaymentFrequency } from "@jplay/schema/payments";
import { EXPEDITED_FEE_CENTS, STANDARD_FEE_CENTS } from "@jplay/schema/pricing";
import { useI18n } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";

export function FeeDisclosure({ frequency, id }: { frequency: PaymentFrequency; id: string }) {
  const i18n = useI18n();
  const fees = { standardFee: formatMoney(STANDARD_FEE_CENTS, i18n.language), expeditedFee: formatMoney(EXPEDITED_FEE_CENTS, i18n.language) };
  return (
    <p id={id} className="rounded-xl bg-surface-2 p-3 text-sm text-muted">
      {frequency === "weekly"
        ? i18n._(
            "By saving your card you authorise JPlay to charge it for the one-time distribution fee ({standardFee} standard or {expeditedFee} expedited) and for charges JPlay makes later without you present, such as a retry of a failed fee. This card pays; it is not where you are paid. Your earnings are paid out every Monday to the debit card or bank account you add when you set up payouts with our payment partner, Stripe (from your artist page).",
            fees,
          )
        : i18n._(
            "By saving your card you authorise JPlay to charge it for the one-time distribution fee ({standardFee} standard or {expeditedFee} expedited) and for charges JPlay makes later without you present, such as a retry of a failed fee. This card pays; it is not where you are paid. Your earnings are paid out daily to the debit card or bank account you add when you set up payouts with our payment partner, Stripe (from your artist page).",
            fees,
          )}
    </p>
  );
}
