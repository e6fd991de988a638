/**
 * `GET /distribute`: the artist's screen rendered on the server (apps/web/src/server/render-distribute.tsx)
 * in the built index.html (page-document.ts), so its hero, payment-setup card and song form paint
 * before the app's JS and Stripe's have arrived; the browser hydrates it. The page is the same for
 * visitor in the same language (what depends on the artist's session is read by the browser after),
 * so it is rendered per request without a cache of its own: it reads nothing. A render that fails
 * gets the plain single-page app.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { requestLanguage } from "../../platform/request-language";
import { fillShell, isHtmlDocument, renderedPageHeaders, spaDocument } from "../../platform/page-document";
import { loggablePath } from "../../platform/log-redaction";
import { loggableError } from "../../platform/loggable-error";

/** The path this page renders, and #root's `data-screen` (page-document.ts). */
const PATH = "/distribute";

export async function distributePage(c: Context<AppEnv>): Promise<Response> {
  const shell = await spaDocument(c);
  if (!isHtmlDocument(shell)) return shell;
  const language = requestLanguage(c);
  let screen;
  try {
    // Loaded by the first page rendered, not at the instance's start (catalogue's home-page.ts explains).
    const { renderDistribute } = await import("@jplay/web/server/render-distribute");
    screen = renderDistribute({ pathname: PATH, search: new URL(c.req.url).search }, language);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        requestId: c.get("requestId"),
        path: loggablePath(c.req.path),
        message: "Distribute served without server render",
        ...loggableError(error),
      }),
    );
    return shell;
  }
  const document = fillShell(await shell.clone().text(), { language, head: screen.head, rootHtml: screen.html, screenPath: PATH });
  const headers = renderedPageHeaders(shell);
  headers.set("Vary", "Cookie, Accept-Language");
  return new Response(document, { status: 200, headers });
}
