import { expect, type Page } from '@playwright/test';

/** Marks the splash as already shown for this browser session, so it does not cover screenshots. */
export async function skipSplash(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('urembo:splash-shown', '1'));
}

/** Waits for the splash (if any) to leave; it never blocks clicks, but it covers screenshots. */
export async function dismissSplash(page: Page): Promise<void> {
  await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 6_000 });
}
