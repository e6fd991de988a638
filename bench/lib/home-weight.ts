/**
 * Measures what the home page downloads before it is usable (its Play buttons are on screen and the
 * network is idle), by resource type, as gzip -9 bytes: what the edge sends (`wrangler dev` itself
 * does not compress). Shared by `bench/home-weight.ts` (prints the figures) and the CI budget test
 * (e2e/home-weight.e2e.test.ts). Audio is not counted: lists use preload="none", so no audio loads
 * until a tap, except the first cover's metadata and first bytes, warmed once the page is idle
 * (features/player/hooks/use-warm-first-tap.ts), after Home is usable.
 */
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

/** Home's budget (docs/decisions/015), in bytes of gzip. */
export const HOME_BUDGET = { scriptGzip: 90 * 1024, totalGzip: 170 * 1024 } as const;

export interface LoadedResource {
  path: string;
  type: string;
  raw: number;
  gzip: number;
}

export interface HomeWeight {
  resources: LoadedResource[];
  byType: Map<string, { count: number; raw: number; gzip: number }>;
  scriptGzip: number;
  totalGzip: number;
}

export async function measureHomeWeight(page: Page, baseURL: string): Promise<HomeWeight> {
  const pending: Promise<void>[] = [];
  const resources: LoadedResource[] = [];
  page.on("response", (response) => {
    pending.push(
      response.body().then(
        (body) => {
          resources.push({
            path: new URL(response.url()).pathname,
            type: response.request().resourceType(),
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          });
        },
        () => {}, // redirects and aborted requests have no body
      ),
    );
  });
  await page.goto(baseURL, { waitUntil: "networkidle" });
  await page
    .getByRole("button", { name: /^Play / })
    .first()
    .waitFor();
  await Promise.all(pending);

  const byType = new Map<string, { count: number; raw: number; gzip: number }>();
  for (const r of resources) {
    const t = byType.get(r.type) ?? { count: 0, raw: 0, gzip: 0 };
    byType.set(r.type, { count: t.count + 1, raw: t.raw + r.raw, gzip: t.gzip + r.gzip });
  }
  return {
    resources,
    byType,
    scriptGzip: byType.get("script")?.gzip ?? 0,
    totalGzip: resources.reduce((sum, r) => sum + r.gzip, 0),
  };
}
