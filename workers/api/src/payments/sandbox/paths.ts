/**
 * The sandbox's own path of a request (`/v1/...`), whether it arrived through the main app's
 * `/api/stripe-sandbox` mount or straight from `sandboxFetch`.
 */
export function sandboxPath(path: string): string {
  const at = path.indexOf("/v1/");
  return at >= 0 ? path.slice(at) : path;
}
