import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Storefront pages arrive rendered by the server and come alive when their scripts have hydrated them (the app
 * marks <html data-ready="true">). A visitor's page starts its app when she first acts on it (public/boot.js), so
 * after `goto` and `reload` every test page is given a key press (Shift, which does nothing else) and waits for the
 * mark (pages without the app, such as the test phone or a JSON answer, do not wait). first-visit.spec.ts tests the
 * page before that.
 */
export async function untilLive(page: Page): Promise<void> {
  const waitsForShopper = await page.evaluate(
    () =>
      document.querySelector('script[src="/boot.js"]') !== null &&
      document.documentElement.dataset.ready !== 'true',
  );
  if (waitsForShopper) await page.keyboard.press('Shift');
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
  );
}

let patched = false;
let unpatchedGoto: Page['goto'] | null = null;

/** `page.goto` without waiting for the app: for a test that looks at the page before any script runs. */
export function gotoBeforeScripts(page: Page, ...args: Parameters<Page['goto']>) {
  return (unpatchedGoto ?? page.goto).apply(page, args);
}

export const test = base.extend<object, { waitForLivePages: void }>({
  waitForLivePages: [
    async ({ browser }, use) => {
      if (!patched) {
        // Every page of every context shares Page's prototype: patch it once per worker.
        const context = await browser.newContext();
        const probe = await context.newPage();
        const proto = Object.getPrototypeOf(probe) as Page;
        await context.close();
        const goto = proto.goto;
        unpatchedGoto = goto;
        const reload = proto.reload;
        proto.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
          const response = await goto.apply(this, args);
          await untilLive(this);
          return response;
        };
        proto.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
          const response = await reload.apply(this, args);
          await untilLive(this);
          return response;
        };
        patched = true;
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
