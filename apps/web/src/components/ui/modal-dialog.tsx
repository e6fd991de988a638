/**
 * An accessible modal built on the native <dialog>: showModal() makes the rest of the page inert
 * (focus stays inside), Escape asks the owner what to do, and focus returns to where it was.
 * https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface ModalDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Escape pressed: the owner decides (the dialog stays open until `open` turns false). */
  onCancel: () => void;
  children: ReactNode;
  className?: string;
  /** A wider panel for tables and details. */
  wide?: boolean;
}

export function ModalDialog({ open, title, description, onCancel, children, className, wide = false }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // Browsers may close a modal without a cancel event (repeated Escape): treat it the same.
      onClose={() => {
        if (open) onCancel();
      }}
      className={cn(
        "m-auto rounded-2xl border border-line bg-surface p-6 text-fg shadow-2xl",
        "backdrop:bg-black/60",
        wide ? "max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] overflow-y-auto" : "w-[min(28rem,calc(100vw-2rem))]",
        className,
      )}
    >
      {open && (
        <div className="space-y-4">
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          {description && (
            <div id={`${id}-description`} className="text-sm text-muted">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
