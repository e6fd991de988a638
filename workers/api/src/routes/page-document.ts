/**
 * The built index.html (its hashed script and style names and its security headers, from the
 * assets) with a server-rendered screen put in it: the screen's <title> and preloads in place of the
 * shell's title, its markup in #root (docs/decisions/031-server-rendered-home.md). Home
 * (home-page.ts) and /distribute (distribute-page.ts) use it.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";

/** What apps/web/index.html holds: its title (screens render their own) and the empty #root. */
const SHELL_TITLE = "<title>JPlay</title>";
const SHELL_ROOT = '<div id="root"></div>';

/** The single-page app's document as the assets serve it (with their security headers). */
export const spaDocument = (c: Context<AppEnv>) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

/** Whether the assets answered with the app's HTML (anything else is passed on as it is). */
export const isHtmlDocument = (shell: Response) => shell.ok && (shell.headers.get("Content-Type")?.startsWith("text/html") ?? false);

/** The shell's text with `head` for its title, `rootHtml` in #root and `afterRoot` (a data block) after it. */
export const fillShell = (shellText: string, { head, rootHtml, afterRoot = "" }: { head: string; rootHtml: string; afterRoot?: string }) =>
  shellText
    // Functions, not strings: a "$&" or "$'" in a song title is text, not a replacement pattern.
    .replace(SHELL_TITLE, () => head)
    .replace(SHELL_ROOT, () => `<div id="root">${rootHtml}</div>${afterRoot}`);

/** The shell's headers for a page rendered now: its length, ETag and asset-cache status were the shell's. */
export function renderedPageHeaders(shell: Response): Headers {
  const headers = new Headers(shell.headers);
  headers.delete("Content-Length");
  headers.delete("ETag");
  headers.delete("CF-Cache-Status");
  return headers;
}
