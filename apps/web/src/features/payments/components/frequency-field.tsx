/**
 * The payout frequency choice (spec sections 1 and 4): daily by default, or weekly, which means every
 * Monday. A native radio group, so arrow keys and screen readers work without extra code.
 */
import type { PaymentFrequency } from "@jplay/schema/payments";
import { cn } from "@/lib/cn";

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
          <label
            key={option.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)]",
              value === option.value ? "border-accent bg-accent-soft" : "border-line",
            )}
          >
            <input
              type="radio"
              name="paymentFrequency"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 accent-accent"
            />
            <span>
              <span className="block font-semibold">{option.label}</span>
              <span className="block text-sm text-muted">{option.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
