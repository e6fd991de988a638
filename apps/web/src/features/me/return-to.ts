/**
 * Where /distribute sends an artist back once their card is saved (docs/decisions/028-artist-journey.md):
 * only the in-app payment screens that need a saved card, spelled exactly, so a crafted `returnTo`
 * can never lead off the site or anywhere unexpected.
 */
export const RETURN_PATHS = ["/checkout", "/subscribe"] as const;
export type ReturnPath = (typeof RETURN_PATHS)[number];

export function safeReturnTo(value: string | null | undefined): ReturnPath | null {
  return RETURN_PATHS.find((path) => path === value) ?? null;
}

/** /distribute, asked to come back to `path` after the card is saved. */
export const saveCardThenReturnTo = (path: ReturnPath) => `/distribute?returnTo=${encodeURIComponent(path)}`;
