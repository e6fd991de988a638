import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type BadgeVariant = "default" | "secondary" | "success" | "warning" | "destructive";

const variants: Record<BadgeVariant, string> = {
  default: "bg-accent text-accent-fg",
  secondary: "bg-surface-2 text-fg",
  success: "bg-success-soft text-success",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  destructive: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/** A small status label; its text carries the meaning, the colour only repeats it. */
export function Badge({ variant = "default", className, children }: { variant?: BadgeVariant; className?: string; children: ReactNode }) {
  return (
    <span
      data-variant={variant}
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", variants[variant], className)}
    >
      {children}
    </span>
  );
}
