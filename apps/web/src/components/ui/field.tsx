/**
 * A labelled form control with its hint and error wired for screen readers (aria-invalid,
 * aria-describedby), so every form shows problems the same way, next to the field they concern.
 */
import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useI18n } from "@/lib/i18n";

/** Class names for text-like inputs. */
export const inputClass = (invalid = false, extra?: string) =>
  cn(
    "h-11 w-full rounded-xl border bg-canvas px-3 text-base text-fg placeholder:text-muted",
    "disabled:cursor-not-allowed disabled:opacity-60",
    invalid ? "border-red-500" : "border-line",
    extra,
  );

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Shown after the label for fields that may be left empty. */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, optional, className, children }: FieldProps) {
  const i18n = useI18n();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {optional && <span className="ml-1 font-normal text-muted">{i18n._("(optional)")}</span>}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
