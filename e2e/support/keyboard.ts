import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Keyboard helpers for the accessibility tests: real Tab presses, and what covers the focused element.
 */

/**
 * The focused element when something else (a sticky header, the phone's tab bar, a pinned table column) is drawn
 * over it or it sits outside the window: a line naming both, else null; 'body' when nothing in the page has focus.
 * Tiny elements (visually hidden inputs) are not looked at.
 */
export async function hiddenFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    const name = (node: Element) =>
      `${node.tagName.toLowerCase()} "${(node.getAttribute('aria-label') ?? (node as HTMLElement).innerText ?? '').trim().slice(0, 40)}"`;
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return null;
    // The focus ring is drawn 2 px outside the element: its top and bottom edges must show, not only its middle.
    const x = r.left + r.width / 2;
    for (const y of [r.top + 2, r.top + r.height / 2, r.bottom - 2]) {
      if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth)
        return `${name(el)} is outside the window`;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit)) return `${name(el)} is under ${name(hit)}`;
    }
    return null;
  });
}

/**
 * Presses Tab (or Shift+Tab) up to `presses` times, noting each focused element that something covers; stops early
 * when focus leaves the page (to the browser's own controls, the body).
 */
export async function walkFocus(
  page: Page,
  { presses, backwards = false }: { presses: number; backwards?: boolean },
): Promise<{ covered: string[]; visited: number }> {
  const covered: string[] = [];
  let visited = 0;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const problem = await hiddenFocus(page);
    if (problem === 'body') break;
    visited += 1;
    if (problem) covered.push(problem);
  }
  return { covered: [...new Set(covered)], visited };
}

/** Presses Tab until `target` has focus (at most `presses` times); fails the test if it never does. */
export async function tabTo(page: Page, target: Locator, presses = 80): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  await expect(target, `Tab never reached it in ${presses} presses`).toBeFocused();
}
