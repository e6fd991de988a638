/**
 * A value once it has stopped changing for `delayMs`: the admin search asks the server once the
 * operator pauses typing, not at every keystroke.
 */
import { useEffect, useState } from "react";

export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
