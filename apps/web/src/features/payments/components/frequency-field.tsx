/**
 * The payout frequency choice (docs/product.md, What JPlay is; States and flows): daily by default, or weekly, which means every
 * Monday. A native radio group, so arrow keys and screen readers work without extra code.
 */
import type { PaymentFrequency } from "@jplay/schema/payments";
import { RadioCard } from "@/components/ui/radio-card";
import { useI18n } from "@/lib/i18n";

const options: { value: PaymentFrequency; label: string; detail: string }[] = [
  { value: "daily", label: /*i18n*/ "Daily", detail: /*i18n*/ "Paid out every day" },
  { value: "weekly", label: /*i18n*/ "Weekly", detail: /*i18n*/ "Paid out every Monday" },
];

export function FrequencyField({ value, onChange, disabled }: { value: PaymentFrequency; onChange: (value: PaymentFrequency) => void; disabled?: boolean }) {
  const i18n = useI18n();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm font-semibold">{i18n._("Payment frequency")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <RadioCard key={option.value} name="paymentFrequency" value={option.value} checked={value === option.value} onChange={() => onChange(option.value)}>
            <span className="block font-semibold">{i18n._(option.label)}</span>
            <span className="block text-sm text-muted">{i18n._(option.detail)}</span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
