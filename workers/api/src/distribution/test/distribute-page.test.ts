/**
 * `GET /distribute` rendered on the server (src/distribution/routes/distribute-page.ts), through the Worker's real
 * fetch handler and the built web app's assets: the page holds the hero, the payment-setup card and
 * the song form before any script runs, in the app's own document (its script, its security
 * headers), with the way back to the checkout when the address asks for it and never another.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "../../../test/support";

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));

/** #root's markup without the comments React puts between adjacent texts. */
const rootText = (html: string) => rootOf(html).replaceAll("<!-- -->", "");

describe("GET /distribute", () => {
  it("holds the hero, the payment-setup card and the song form, in the app's document", async () => {
    const response = await new Browser().fetch("/distribute");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    const root = rootOf(html);

    // #root names the path it was rendered for (the browser hydrates only such a page) and starts with the tree.
    expect(root).toMatch(/^<div id="root" data-screen="\/distribute"><!--\$--><div class="flex min-h-dvh flex-col">/);
    expect(root).toContain('<h1 id="distribute-heading"');
    expect(root).toContain("Distribute Your Music");
    expect(root).toContain("Payment setup");
    expect(root).toContain("Your song");
    for (const label of ["Artist name", "Song title", "Price (USD)", "MP3 file", "Cover image"]) expect(root, label).toContain(label);
    // Nothing session-bound: the artist's songs are the browser's to read after it starts.
    expect(root).not.toContain("Your songs");
    expect(html.slice(0, html.indexOf("</head>"))).toContain("<title>Distribute Your Music – JPlay</title>");
    expect(html).not.toContain("<title>JPlay</title>");
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    // The built app's own script still loads, to hydrate this HTML.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self' https://js.stripe.com https://challenges.cloudflare.com;");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("ETag")).toBeNull();
  });

  it("shows the way back to the checkout the address names, and ignores a return address of another site", async () => {
    const back = rootText(await (await new Browser().fetch("/distribute?returnTo=%2Fcheckout")).text());
    expect(back).toContain("Save your card below, then you will go straight back to the distribution fee payment.");

    const elsewhere = rootText(await (await new Browser().fetch("/distribute?returnTo=https%3A%2F%2Fevil.example%2Fcheckout")).text());
    expect(elsewhere).toContain("Distribute Your Music");
    expect(elsewhere).not.toContain("Save your card below");
    expect(elsewhere).not.toContain("evil.example");
  });
});
