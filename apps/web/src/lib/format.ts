/** "m:ss" (or "h:mm:ss" past an hour); "-:--" while a length is unknown. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "-:--";
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The year a song was added, from its ISO createdAt; null when the date is unreadable. */
export function yearOf(isoDate: string): number | null {
  const time = Date.parse(isoDate);
  return Number.isNaN(time) ? null : new Date(time).getUTCFullYear();
}
