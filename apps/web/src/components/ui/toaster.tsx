/**
 * The sonner Toaster, in its own chunk: the root layout mounts it only after the first toast
 * (src/lib/toast.ts). At most one toast shows at a time (docs/product.md, Prices and limits). It follows the theme class
 * on <html>, because ui primitives never import from features.
 */
import { useSyncExternalStore } from "react";
import { Toaster as Sonner, toast as sonnerToast } from "sonner";
import { useI18n } from "@/lib/i18n";

/** Used by src/lib/toast.ts, so sonner lives in this one chunk. */
export { sonnerToast };

function subscribeToThemeClass(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

export default function Toaster() {
  const i18n = useI18n();
  const dark = useSyncExternalStore(subscribeToThemeClass, isDark, () => true);
  return (
    <Sonner
      visibleToasts={1}
      theme={dark ? "dark" : "light"}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={i18n._("Notifications")}
      toastOptions={{ closeButtonAriaLabel: i18n._("Close toast") }}
    />
  );
}
