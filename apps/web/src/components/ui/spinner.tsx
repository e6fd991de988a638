import { cn } from "@/lib/cn";

/** A loading indicator announced to screen readers by its label. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn("flex items-center justify-center gap-3 py-10 text-muted", className)}>
      <span aria-hidden="true" className="size-8 rounded-full border-4 border-line border-t-accent motion-safe:animate-spin" />
      <span className="text-sm">{label}…</span>
    </div>
  );
}
