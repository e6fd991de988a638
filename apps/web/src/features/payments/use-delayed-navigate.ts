/**
 * The product's "then after 1.5 s go to …" (docs/product.md, States and flows; Prices and limits): navigates after DECLINE_REDIRECT_MS so
 * the toast can be read first, and forgets the redirect if the artist has already left the screen.
 */
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "@/lib/router/location";
import { DECLINE_REDIRECT_MS } from "./success-flags";

export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (path: string, state?: unknown) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(path, state === undefined ? undefined : { state }), DECLINE_REDIRECT_MS);
    },
    [navigate],
  );
}
