/**
 * Standard or Expedited (docs/product.md, Screens; Prices and limits), as a radio group so the keyboard and screen readers
 * treat it as one choice. Fees, shares and windows come from the pricing table; the expedited
 * package is shown as a discount on the standard fee.
 */
import { useId, type ReactNode } from "react";
import { PACKAGES, type FeeOption } from "@jplay/schema/pricing";
import { cn } from "@/lib/cn";
import { useI18n, type Translator } from "@/lib/i18n";
import { formatMoney } from "@/lib/i18n/format-values";
import { deliveryText, percentOfBps, shortDollars } from "@/features/payments";

const discountPercent = Math.round((1 - PACKAGES.expedited.feeCents / PACKAGES.standard.feeCents) * 100);

function keeps(bps: number) {
  return percentOfBps(10_000 - bps);
}

/** "48 hours processing", "14-30 days processing": the package's delivery window (deliveryText). */
const processingText = (id: FeeOption, i18n: Translator) => i18n._("{window} processing", { window: deliveryText(id, i18n) });

function shareText(id: FeeOption, i18n: Translator): string {
  const bps = PACKAGES[id].revenueSplitBps;
  return i18n._("{share} revenue share (you keep {kept})", { share: percentOfBps(bps), kept: keeps(bps) });
}

export function PackageChoice({ value, onChange, disabled }: { value: FeeOption; onChange: (next: FeeOption) => void; disabled?: boolean }) {
  const i18n = useI18n();
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
      <legend className="mb-3 text-xl font-bold">{i18n._("Choose your package")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {option("standard", i18n._("Standard"), <>{i18n._("{price} one time", { price: shortDollars(PACKAGES.standard.feeCents, i18n) })}</>, [
          processingText("standard", i18n),
          shareText("standard", i18n),
        ])}
        {option(
          "expedited",
          i18n._("Expedited"),
          <>
            <span className="sr-only">{i18n._("was")} </span>
            <s className="mr-2 text-base font-semibold text-muted">{formatMoney(PACKAGES.standard.feeCents, i18n.language)}</s>
            <span className="sr-only">{i18n._("now")} </span>
            {formatMoney(PACKAGES.expedited.feeCents, i18n.language)}
          </>,
          [processingText("expedited", i18n), shareText("expedited", i18n)],
          i18n._("{percent}% OFF", { percent: discountPercent }),
        )}
      </div>
    </fieldset>
  );
}
