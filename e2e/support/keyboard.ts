/**
 * Moving through a page the way a keyboard user does, for the keyboard browser test: Tab until an
 * element has the focus (failing if it never does, so an unreachable control is a failure), with
 * the focus drawn where it lands (the app's `:focus-visible` outline).
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` (or, for a radio group, any of its radios) has the focus, at most `maxPresses` times. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  await target.first().waitFor();
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Tab");
    const focused = await Promise.all((await target.all()).map(hasFocus));
    if (focused.some(Boolean)) {
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline, "the focused element shows where the focus is").not.toMatch(/^none|\s0px$/);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached after ${maxPresses} presses of Tab`);
}

/** Types into the control that has the focus, as keys, one at a time. */
export const typeKeys = (page: Page, text: string) => page.keyboard.type(text);

/** With the focus in a radio group: arrow keys until `choice` is checked. */
export async function arrowTo(page: Page, choice: Locator, maxPresses = 6): Promise<void> {
  for (let press = 0; press < maxPresses && !(await choice.isChecked()); press++) await page.keyboard.press("ArrowDown");
  expect(await choice.isChecked()).toBe(true);
}
