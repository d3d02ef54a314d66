import type { Page } from '@playwright/test';
import { expect, gotoBeforeScripts, test } from '../support/test';

/**
 * A server-rendered page paints with its own inlined CSS (the rules its HTML uses, less the custom properties none
 * of them read), before the whole stylesheet arrives (decisions 020 and 022). Every element must look the same both
 * ways: compared on every computed property that draws the page, at a phone's width and a desktop's.
 */
const PROPERTIES = [
  'display',
  'position',
  'inset',
  'z-index',
  'width',
  'height',
  'margin',
  'padding',
  'gap',
  'grid-template-columns',
  'flex-direction',
  'justify-content',
  'align-items',
  'overflow-x',
  'aspect-ratio',
  'object-fit',
  'color',
  'background-color',
  'background-image',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'box-shadow',
  'outline-style',
  'opacity',
  'transform',
  'filter',
  'backdrop-filter',
  'visibility',
];

// Animations (a loading spinner) are stopped at their start, so both readings see the same frame; an animation whose
// keyframes the inlined CSS lacks does not run at all and still reads differently.
const styles = (page: Page) =>
  page.evaluate(
    (properties) =>
      Array.from(document.querySelectorAll('body *'), (element) => {
        for (const animation of element.getAnimations()) {
          animation.pause();
          animation.currentTime = 0;
        }
        const style = getComputedStyle(element);
        return `${element.tagName} ${properties.map((p) => `${p}=${style.getPropertyValue(p)}`).join(' ')}`;
      }),
    PROPERTIES,
  );

test.describe('first paint', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px, the inlined CSS draws every page as the whole stylesheet does`, async ({
      browser,
      request,
    }) => {
      const slug = (
        (await (await request.get('/api/v1/products/?page=1&limit=1')).json()) as {
          data: Array<{ slug: string }>;
        }
      ).data[0]!.slug;
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // The page as it first paints: boot.js (which adds the stylesheet and starts the app) never runs.
      await page.route('**/boot.js', (route) => route.abort());
      for (const path of [
        '/',
        '/shop',
        '/search?search=serum',
        `/product/${slug}`,
        '/returns',
        // A visitor's cart is kept in her browser, so the server draws its loading state there.
        '/cart',
        '/signin',
        '/signup',
      ]) {
        await gotoBeforeScripts(page, path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('head style')).toHaveCount(1);
        const inlined = await styles(page);
        const stylesheet = await page.locator('script[data-css]').getAttribute('data-css');
        await page.evaluate(
          (href) =>
            new Promise<void>((resolve, reject) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              link.onload = () => resolve();
              link.onerror = () => reject(new Error(`${href} did not load`));
              document.head.append(link);
            }),
          stylesheet!,
        );
        const whole = await styles(page);
        expect(inlined.length, path).toBeGreaterThan(100);
        expect(
          inlined.filter((style, i) => style !== whole[i]),
          `${path}: elements drawn differently before the stylesheet`,
        ).toEqual([]);
      }
      await context.close();
    });
  }
});
