/**
 * Home weight: what the tablet home page downloads before it is usable, by resource type, as
 * gzip -9 bytes (what the edge would send; `wrangler dev` itself does not compress). Audio is not
 * counted: lists use preload="none", so no audio loads until a tap.
 *
 *   node bench/home-weight.ts            (after `pnpm build`)
 */
import { gzipSync } from "node:zlib";
import { launchChromium } from "../scripts/chromium.ts";
import { startLocalServer } from "../scripts/local-server.ts";

const server = await startLocalServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const loaded: { url: string; type: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    const body = await response.body().catch(() => null);
    if (!body) return;
    loaded.push({ url: response.url(), type: response.request().resourceType(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(server.baseURL, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /^Play / }).first().waitFor();

  const byType = new Map<string, { count: number; raw: number; gzip: number }>();
  for (const r of loaded) {
    const t = byType.get(r.type) ?? { count: 0, raw: 0, gzip: 0 };
    byType.set(r.type, { count: t.count + 1, raw: t.raw + r.raw, gzip: t.gzip + r.gzip });
  }
  const kib = (n: number) => (n / 1024).toFixed(1);
  console.log("type        files   raw KiB   gzip KiB");
  for (const [type, t] of [...byType].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`${type.padEnd(10)} ${String(t.count).padStart(6)} ${kib(t.raw).padStart(9)} ${kib(t.gzip).padStart(10)}`);
  }
  const total = [...byType.values()].reduce((s, t) => s + t.gzip, 0);
  console.log(`JS gzip KiB: ${kib(byType.get("script")?.gzip ?? 0)}`);
  console.log(`total gzip KiB: ${kib(total)}`);
  for (const r of loaded.filter((r) => r.type === "script")) console.log(`  ${new URL(r.url).pathname}  ${kib(r.gzip)} KiB gzip`);
} finally {
  await browser.close();
  await server.stop();
}
