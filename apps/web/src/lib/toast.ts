/**
 * Toasts without putting sonner on the home page: the first toast loads the Toaster chunk (sonner)
 * and asks the root layout to mount it; sonner replays toasts made before its Toaster subscribes,
 * so nothing is lost while the chunk arrives.
 */
import { useSyncExternalStore } from "react";

type Kind = "success" | "error" | "info";

let toasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  listeners.forEach((listener) => listener());
}

function show(kind: Kind, title: string, description?: string) {
  wantToaster();
  void import("@/components/ui/toaster").then(({ sonnerToast }) => {
    sonnerToast[kind](title, description ? { description } : undefined);
  });
}

export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
};

/** True once anything has shown a toast: the layout mounts the Toaster from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}
