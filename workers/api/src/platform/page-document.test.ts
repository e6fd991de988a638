/** The server-rendered document: what a screen puts in the shell stays text where it is text. */
import { describe, expect, it } from "vitest";
import { fillShell } from "./page-document";

const SHELL = '<!doctype html><html lang="en"><head><title>JPlay</title></head><body><div id="root"></div></body></html>';

describe("fillShell", () => {
  it("writes #root's data-screen as attribute text: a crafted path cannot close the attribute or add markup", () => {
    const crafted = `/artists/x" onmouseover="alert(1)"><img src=x onerror=alert(2)>'&`;
    const page = fillShell(SHELL, { language: "en", head: "<title>x</title>", rootHtml: "<p>ok</p>", screenPath: crafted });
    expect(page).toContain(
      '<div id="root" data-screen="/artists/x&quot; onmouseover=&quot;alert(1)&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&#39;&amp;"><p>ok</p></div>',
    );
    expect(page).not.toContain("<img");
    expect(page).not.toContain('" onmouseover');
  });

  it("leaves a plain path as it is", () => {
    const page = fillShell(SHELL, { language: "es", head: "<title>x</title>", rootHtml: "", screenPath: "/artists/ana-maria" });
    expect(page).toContain('<html lang="es"');
    expect(page).toContain('<div id="root" data-screen="/artists/ana-maria"></div>');
  });
});
