/**
 * The built index.html (its hashed script and style names and its security headers, from the
 * assets) with a server-rendered screen put in it: the screen's <title> and preloads in place of the
 * shell's title, its markup in #root (docs/decisions/031-server-rendered-home.md). Home
 * (home-page.ts), the browsing pages (listener-pages.ts) and /distribute (distribute-page.ts) use it.
 */
import type { Context } from "hono";
import { escapeToBuffer } from "hono/utils/html";
import type { Language } from "@jplay/schema/language";
import type { AppEnv } from "./env";

/** What apps/web/index.html holds: its language, its title (screens render their own) and the empty #root. */
const SHELL_LANGUAGE = '<html lang="en"';
const SHELL_TITLE = "<title>JPlay</title>";
const SHELL_ROOT = '<div id="root"></div>';

/** The single-page app's document as the assets serve it (with their security headers). */
export const spaDocument = (c: Context<AppEnv>) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

/** Whether the assets answered with the app's HTML (anything else is passed on as it is). */
export const isHtmlDocument = (shell: Response) => shell.ok && (shell.headers.get("Content-Type")?.startsWith("text/html") ?? false);

interface FilledShell {
  /** The language the screen was rendered in, for <html lang>. */
  language: Language;
  /** The screen's <title> and preloads. */
  head: string;
  /** The screen's markup, for #root. */
  rootHtml: string;
  /** After #root: Home's data block. */
  afterRoot?: string;
  /**
   * The path the markup was rendered for, as #root's `data-screen`: the browser hydrates a screen
   * only in the page rendered for it (apps/web/src/main.tsx), not in another page a cache answered
   * for it (the service worker's offline Home).
   */
  screenPath?: string;
}

/** `value` as the text of a double-quoted attribute: `&`, `<`, `>`, `"` and `'` escaped (Hono's HTML escaping). */
function attributeText(value: string): string {
  const buffer: [string] = [""];
  escapeToBuffer(value, buffer);
  return buffer[0];
}

/** The shell's text in the screen's language, with the screen's head for its title and its markup in #root. */
export const fillShell = (shellText: string, { language, head, rootHtml, afterRoot = "", screenPath }: FilledShell) =>
  shellText
    .replace(SHELL_LANGUAGE, `<html lang="${language}"`)
    // Functions, not strings: a "$&" or "$'" in a song title is text, not a replacement pattern.
    .replace(SHELL_TITLE, () => head)
    .replace(SHELL_ROOT, () => `<div id="root"${screenPath ? ` data-screen="${attributeText(screenPath)}"` : ""}>${rootHtml}</div>${afterRoot}`);

/** A screen rendered with the data it used, embedded once for the browser to hydrate with (Home, the browsing pages). */
interface ScreenWithData {
  head: string;
  html: string;
  /** The data, escaped for a <script type="application/json"> block. */
  dataJson: string;
  /** The block's element id. */
  dataElementId: string;
}

/**
 * The shell filled with a screen and its data block after #root, as an HTML answer of its own (what
 * the edge cache keeps; the page's headers are the shell's, renderedPageHeaders). `screenPath` as in
 * fillShell.
 */
export async function screenDocument(shell: Response, language: Language, screen: ScreenWithData, screenPath?: string): Promise<Response> {
  const document = fillShell(await shell.clone().text(), {
    language,
    head: screen.head,
    rootHtml: screen.html,
    afterRoot: `<script type="application/json" id="${screen.dataElementId}">${screen.dataJson}</script>`,
    screenPath,
  });
  return new Response(document, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** The shell's headers for a page rendered now: its length, ETag and asset-cache status were the shell's. */
export function renderedPageHeaders(shell: Response): Headers {
  const headers = new Headers(shell.headers);
  headers.delete("Content-Length");
  headers.delete("ETag");
  headers.delete("CF-Cache-Status");
  return headers;
}
