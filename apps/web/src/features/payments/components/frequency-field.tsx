/**
 * The payout frequency choice (docs/product.md, What JPlay is; States and flows): daily by default, or weekly, which means every
 * Monday. A native radio group, so arrow keys and screen readers work without extra code.
 */
import type { PaymentFrequency } from "@jplay/schema/payments";
import { RadioCard } from "@/components/ui/radio-card";

const options: { value: PaymentFrequency; label: string; detail: string }[] = [
  { value: "daily", label: "Daily", detail: "Paid out every day" },
  { value: "weekly", label: "Weekly", detail: "Paid out every Monday" },
];

export function FrequencyField({
  value,
  onChange,
  disabled,
}: {
  value: PaymentFrequency;
  onChange: (value: PaymentFrequency) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm font-semibold">Payment frequency</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <RadioCard key={option.value} name="paymentFrequency" value={option.value} checked={value === option.value} onChange={() => onChange(option.value)}>
            <span className="block font-semibold">{option.label}</span>
            <span className="block text-sm text-muted">{option.detail}</span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
