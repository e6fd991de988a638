/**
 * One option of a radio group drawn as a card: the native radio input inside its label, so arrow keys,
 * the focus ring and screen readers work as for any radio; the chosen card is highlighted, and an
 * unanswered group with a problem is outlined in red.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "@/lib/cn";

export interface RadioCardProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className" | "children"> {
  checked: boolean;
  /** The group has a problem (nothing chosen yet): the cards say so until one is chosen. */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
  children: ReactNode;
}

export function RadioCard({ checked, invalid = false, ref, children, ...input }: RadioCardProps) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)]",
        checked ? "border-accent bg-accent-soft" : invalid ? "border-red-500" : "border-line",
      )}
    >
      <input {...input} ref={ref} type="radio" checked={checked} className="mt-1 accent-accent" />
      <span>{children}</span>
    </label>
  );
}
