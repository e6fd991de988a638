/**
 * The SPA's security headers (apps/web/public/_headers, served by Workers static assets without the
 * Worker) say what docs/decisions/048-security-headers.md decided, and the page needs nothing they
 * forbid: no inline script in index.html or in the build, and the one inline stylesheet a library
 * injects (sonner's toasts) is allowed by its exact hash, recomputed here from the installed sonner
 * so an upgrade that changes it fails this test instead of unstyling toasts in production. The
 * browser test e2e/security-headers.e2e.test.ts proves in Chromium that no screen violates the policy.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "./build-web.ts";
import { repoRoot } from "./wrangler-env.ts";

const webDir = path.join(repoRoot, "apps/web");

/** The `_headers` file's rules: path pattern → header name (lower case) → value. */
function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    current!.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return rules;
}

/** The policy's directives: name → sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The stylesheet sonner injects as a <style> element at import, exactly as the browser hashes it. */
function sonnerInjectedCss(): string {
  const source = readFileSync(createRequire(path.join(webDir, "package.json")).resolve("sonner"), "utf8");
  const start = source.indexOf('__insertCSS("');
  expect(start, 'sonner still injects its stylesheet with __insertCSS("…")').toBeGreaterThan(-1);
  let end = start + '__insertCSS("'.length;
  while (source[end] !== '"') end += source[end] === "\\" ? 2 : 1;
  return JSON.parse(source.slice(start + "__insertCSS(".length, end + 1)) as string;
}

/** `<script>` elements with content (inline), as opposed to `<script src>`. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes, body]) => !/\bsrc=/.test(attributes!) || body!.trim() !== "");

describe("the SPA's security headers", () => {
  const rules = parseHeadersFile(readFileSync(path.join(webDir, "public/_headers"), "utf8"));
  const headers = rules.get("/*")!;
  const csp = directives(headers?.get("content-security-policy") ?? "");

  it("apply to every path, with the headers every response needs", () => {
    expect([...rules.keys()]).toEqual(["/*"]);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*payment=\(\)/);
  });

  it("allow scripts from the site, Stripe.js and Turnstile only, never inline, and no framing by anyone", () => {
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", "https://js.stripe.com", "https://challenges.cloudflare.com"]);
    expect(csp.get("frame-src")).toEqual(["https://js.stripe.com", "https://hooks.stripe.com", "https://challenges.cloudflare.com"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    for (const [name, sources] of csp) {
      if (name.startsWith("script") || name === "default-src") expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain("*");
    }
  });

  it("allow sonner's injected stylesheet by its hash, and no other <style> block", () => {
    const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    // Sonner appends the <style> element empty, then its text: the browser checks both states.
    expect(csp.get("style-src")).toEqual(["'self'", sha256(sonnerInjectedCss()), sha256("")]);
    expect(csp.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  describe("the page", () => {
    beforeAll(async () => {
      if (!existsSync(path.join(webDir, "dist/index.html"))) await buildWeb();
    }, 120_000);

    it("has no inline script, in the source or the build, and the build carries _headers", () => {
      expect(inlineScripts(readFileSync(path.join(webDir, "index.html"), "utf8"))).toEqual([]);
      const built = readFileSync(path.join(webDir, "dist/index.html"), "utf8");
      expect(inlineScripts(built)).toEqual([]);
      expect(built).toContain('<script src="/theme-init.js"></script>');
      // Vite copies public/ into the build, which is what Workers static assets read it from.
      expect(readFileSync(path.join(webDir, "dist/_headers"), "utf8")).toContain("Content-Security-Policy: ");
    });
  });
});
