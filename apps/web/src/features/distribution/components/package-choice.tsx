/**
 * Standard or Expedited (docs/product.md, Screens; Prices and limits), as a radio group so the keyboard and screen readers
 * treat it as one choice. Fees, shares and windows come from the pricing table; the expedited
 * package is shown as a discount on the standard fee.
 */
import { useId, type ReactNode } from "react";
import { formatCents, PACKAGES, type FeeOption } from "@jplay/schema/pricing";
import { cn } from "@/lib/cn";
import { deliveryText, percentOfBps, shortDollars } from "@/features/payments";

const discountPercent = Math.round((1 - PACKAGES.expedited.feeCents / PACKAGES.standard.feeCents) * 100);

function keeps(bps: number) {
  return percentOfBps(10_000 - bps);
}

export function PackageChoice({ value, onChange, disabled }: { value: FeeOption; onChange: (next: FeeOption) => void; disabled?: boolean }) {
  const name = useId();
  const option = (id: FeeOption, title: string, price: ReactNode, lines: string[], badge?: string) => (
    <label
      key={id}
      className={cn(
        "relative flex cursor-pointer flex-col gap-2 rounded-2xl border-2 bg-canvas p-5 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]",
        value === id ? "border-accent" : "border-line",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <span className="flex items-center gap-3">
        <input
          type="radio"
          name={name}
          value={id}
          checked={value === id}
          disabled={disabled}
          onChange={() => onChange(id)}
          className="size-5 accent-[var(--accent)]"
        />
        <span className="text-lg font-bold">{title}</span>
        {badge && <span className="ml-auto rounded-full bg-accent px-2.5 py-0.5 text-xs font-bold text-accent-fg">{badge}</span>}
      </span>
      <span className="text-2xl font-extrabold">{price}</span>
      <ul className="space-y-1 text-sm text-muted">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </label>
  );

  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-xl font-bold">Choose your package</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {option("standard", "Standard", <>{shortDollars(PACKAGES.standard.feeCents)} one time</>, [
          `${deliveryText("standard")} processing`,
          `${percentOfBps(PACKAGES.standard.revenueSplitBps)} revenue share (you keep ${keeps(PACKAGES.standard.revenueSplitBps)})`,
        ])}
        {option(
          "expedited",
          "Expedited",
          <>
            <span className="sr-only">was </span>
            <s className="mr-2 text-base font-semibold text-muted">{formatCents(PACKAGES.standard.feeCents)}</s>
            <span className="sr-only">now </span>
            {formatCents(PACKAGES.expedited.feeCents)}
          </>,
          [
            `${deliveryText("expedited")} processing`,
            `${percentOfBps(PACKAGES.expedited.revenueSplitBps)} revenue share (you keep ${keeps(PACKAGES.expedited.revenueSplitBps)})`,
          ],
          `${discountPercent}% OFF`,
        )}
      </div>
    </fieldset>
  );
}
