import { test } from '../support/test';
import { skipSplash } from '../support/page';

/** Screenshots of the frame on a phone and a desktop, attached to the report for a person to look at. */
test.describe('screenshots', () => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    test(`not-found page on a ${name}`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await skipSplash(page);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      const file = testInfo.outputPath(`not-found-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`not-found-${name}`, { path: file, contentType: 'image/png' });
      await context.close();
    });
  }
});
