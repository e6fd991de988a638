/**
 * The tablet profile (docs/decisions/046): 700 Kbps down and up, 300 ms round trip, and a CPU slowdown equal to
 * this machine's Lighthouse benchmark index ÷ 100 (a fast desktop scores ~1,500–2,500, a low-end
 * tablet ~100–200, so the slowdown brings this machine down to tablet speed). Applied through the
 * Chrome DevTools Protocol.
 */
import type { Browser, BrowserContextOptions, CDPSession, Page } from "playwright-core";

export const TABLET_NETWORK = { kbps: 700, rttMs: 300 } as const;

/** The tablet's screen: 800 × 1280 CSS pixels at 1.5 device pixels each. */
export const TABLET_SCREEN = { width: 800, height: 1280, deviceScaleFactor: 1.5 } as const;

/** A browser context that looks like the tablet: its screen, a mobile viewport and touch. */
export const TABLET_CONTEXT: BrowserContextOptions = {
  viewport: { width: TABLET_SCREEN.width, height: TABLET_SCREEN.height },
  deviceScaleFactor: TABLET_SCREEN.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

/** Bytes per second for CDP's throughput fields. */
export const tabletThroughput = (TABLET_NETWORK.kbps * 1000) / 8;

/** Lighthouse's benchmark index for this machine, measured the way Lighthouse does (a short JS loop). */
export async function measureBenchmarkIndex(page: Page): Promise<number> {
  // Lighthouse 12's computeBenchmarkIndex (core/lib/page-functions.js), copied: string and array churn,
  // 500 ms each, iterations per second ÷ 10, averaged.
  return page.evaluate(() => {
    function benchmarkIndexA() {
      const start = Date.now();
      let iterations = 0;
      while (Date.now() - start < 500) {
        let s = "";
        for (let j = 0; j < 10000; j++) s += "a";
        if (s.length === 1) throw new Error("will never happen, but prevents compiler optimizations");
        iterations++;
      }
      return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
    }
    function benchmarkIndexB() {
      const arrA: number[] = [];
      const arrB: number[] = [];
      for (let i = 0; i < 100000; i++) arrA[i] = arrB[i] = i;
      const start = Date.now();
      let iterations = 0;
      while (iterations % 10 !== 0 || Date.now() - start < 500) {
        const src = iterations % 2 === 0 ? arrA : arrB;
        const tgt = iterations % 2 === 0 ? arrB : arrA;
        for (let j = 0; j < src.length; j++) tgt[j] = src[j]!;
        iterations++;
      }
      return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
    }
    return (benchmarkIndexA() + benchmarkIndexB()) / 2;
  });
}

/**
 * The CPU slowdown to run at: `fixed` when given (> 0), else this machine's benchmark index ÷ 100,
 * measured in a page of `chromium` and printed with the slowdown it gives.
 */
export async function tabletSlowdown(chromium: Browser, fixed: number): Promise<{ benchmarkIndex: number; slowdown: number }> {
  const calibration = await chromium.newPage();
  const benchmarkIndex = await measureBenchmarkIndex(calibration);
  await calibration.close();
  const slowdown = fixed > 0 ? fixed : Math.max(1, benchmarkIndex / 100);
  console.error(`benchmark index ${benchmarkIndex.toFixed(0)} → CPU slowdown ${slowdown.toFixed(2)}`);
  return { benchmarkIndex, slowdown };
}

/** Throttles `page` to the tablet profile (network and CPU); the CDP session stays open for its events. */
export async function applyTabletProfile(page: Page, cpuSlowdown: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: TABLET_NETWORK.rttMs,
    downloadThroughput: tabletThroughput,
    uploadThroughput: tabletThroughput,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: Math.max(1, cpuSlowdown) });
  return cdp;
}
