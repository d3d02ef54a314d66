// Compiles the app's stylesheet into a critical-CSS plan (beasties' compiler) beside the Vite manifest. The server
// (apps/api/src/web/server-render.ts) uses it with beasties' runtime to inline, in each server-rendered page, only
// the rules that page's HTML uses; the whole stylesheet follows after the first paint (public/boot.js).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileSheet, encodePlan } from 'beasties/compiler';

const dist = path.resolve(import.meta.dirname, '../dist');
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const href = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(template)?.[1];
if (!href) throw new Error('critical-css: index.html links no stylesheet');
const css = readFileSync(path.join(dist, href), 'utf8');
// beasties' runtime does not match selectors inside :where() (Tailwind's space-y-*, divide-*, and preflight's
// [hidden]:where(...)): without them the first paint has no gaps between stacked items. There are about twenty such
// rules, all short, so they always go in.
const sheet = compileSheet(css, { href, allowRules: [/:where\(/] });
// beasties 0.5.4's compiler ends every at-rule it keeps whole with ";", blocks too: "@property --tw-shadow{...};".
// A browser reads that ";" as the start of the next rule's selector and drops that rule, so every second
// @property went missing and borders, rings and shadows (Tailwind's --tw-* properties) did not show until the whole
// stylesheet arrived, moving the page. A block needs no terminator.
for (const rule of sheet.rules) if (rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
// beasties keeps the @keyframes a kept rule's `animation` names, but Tailwind's animate-* utilities name theirs
// through a custom property ("animation: var(--animate-spin)"): without this the spinner a visitor's cart page first
// paints stood still until the whole stylesheet arrived. Each such name also counts the keyframes its property names.
const keyframeNames = new Set(
  sheet.rules.flatMap((rule) => (rule.keyframes === undefined ? [] : [rule.keyframes])),
);
const customProperty = (name) => new RegExp(`${name}:([^;}]+)`).exec(css)?.[1] ?? '';
for (const rule of sheet.rules) {
  rule.keyframesUsed &&= rule.keyframesUsed.flatMap((used) => {
    const property = /^var\((--[\w-]+)\)$/.exec(used)?.[1];
    if (!property) return [used];
    return [
      used,
      ...customProperty(property)
        .split(/\s+/)
        .filter((word) => keyframeNames.has(word)),
    ];
  });
}
const plan = encodePlan(sheet);
writeFileSync(path.join(dist, '.vite', 'critical-css.json'), JSON.stringify(plan));
console.log(`critical-css: plan for ${href} (${css.length} bytes of CSS)`);
