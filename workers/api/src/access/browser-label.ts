/**
 * A person-readable name for the browser behind a session ("Chrome 131 on Android"), for the artist's
 * list of sessions and the operator's view: parsed from the User-Agent by bowser, never trusted for
 * anything but display.
 */
import Bowser from "bowser";

export function browserLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ""}` : "Unknown browser";
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}
