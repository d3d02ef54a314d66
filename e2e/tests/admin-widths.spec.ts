import { expect, test, type Page } from '../support/test';
import { signInAdmin } from '../support/api';
import { skipSplash } from '../support/page';

/*
 * Every admin screen at a laptop's 1280x800 and a phone's 390x844: nothing wider than the screen, no table column
 * hidden under a pinned one, and a screenshot of each to look at.
 */

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;
const SCREENS = [
  'dashboard',
  'users',
  'products',
  'orders',
  'orderItems',
  'returns',
  'payments',
  'category',
  'reviews',
  'shipping',
  'audit',
] as const;

/** Cells of a table's body that a sticky (pinned) cell of the same row covers, at the table's current scroll. */
async function coveredCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const row of Array.from(document.querySelectorAll('main table tbody tr'))) {
      const cells = Array.from(row.children) as HTMLElement[];
      const pinned = cells.filter((c) => getComputedStyle(c).position === 'sticky');
      for (const cell of cells) {
        if (pinned.includes(cell)) continue;
        const r = cell.getBoundingClientRect();
        const scroller = cell.closest('table')!.parentElement!.getBoundingClientRect();
        // Only what is inside the scrolling box (the rest is reached by scrolling).
        if (r.right <= scroller.left || r.left >= scroller.right) continue;
        for (const pin of pinned) {
          const p = pin.getBoundingClientRect();
          const overlap = Math.min(r.right, p.right) - Math.max(r.left, p.left);
          if (overlap > 4) covered.push(cell.innerText.slice(0, 30));
        }
      }
    }
    return covered;
  });
}

for (const [name, viewport] of SIZES) {
  test(`every admin screen fits a ${name}`, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ viewport, baseURL: baseURL! });
    const page = await context.newPage();
    await skipSplash(page);
    const adminId = await signInAdmin(page.request);
    for (const screen of SCREENS) {
      await page.goto(`/admin/${adminId}/${screen}`);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const file = testInfo.outputPath(`admin-${screen}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`admin-${screen}-${name}`, { path: file, contentType: 'image/png' });
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${screen} scrolls sideways`)
        .toBeLessThanOrEqual(viewport.width);
      expect.soft(await coveredCells(page), `${screen}: cells under a pinned column`).toEqual([]);
    }
    await context.close();
  });
}
