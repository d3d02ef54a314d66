import { describe, expect, it } from 'vitest';
import { withoutUnusedCustomProperties } from '../src/web/unused-custom-properties';

describe('a page’s critical CSS without unused custom properties', () => {
  const css = [
    '@layer properties{@supports (not (color:rgb(from red r g b))){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}',
    '@layer theme{:root{--color-brand-700:#8a2c4f;--color-unused:#fff;--radius-xl:.75rem;--spacing:.25rem}}',
    '@layer utilities{.shadow{--tw-shadow:0 1px 3px var(--tw-shadow-color,#0000001a);box-shadow:var(--tw-shadow)}',
    '.text-brand-700{color:var(--color-brand-700)}.p-4{padding:calc(var(--spacing)*4)}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
  ].join('');

  it('keeps what a var() reads and drops the rest, with the @property blocks and the empty blocks they leave', () => {
    const out = withoutUnusedCustomProperties(css, '<p class="shadow">x</p>');
    for (const kept of [
      '--color-brand-700:#8a2c4f',
      '--spacing:.25rem',
      '@property --tw-shadow',
      'box-shadow',
    ]) {
      expect(out).toContain(kept);
    }
    for (const gone of ['--color-unused', '--radius-xl', '--tw-blur']) expect(out).not.toContain(gone);
    // The fallback block still resets the shadow, which a utility reads.
    expect(out).toContain('--tw-shadow:0 0 #0000');
  });

  it('keeps a property an inline style of the page reads', () => {
    const out = withoutUnusedCustomProperties(css, '<div style="border-radius:var(--radius-xl)"></div>');
    expect(out).toContain('--radius-xl:.75rem');
  });

  it('drops a property read only by another dropped one, and a block left empty', () => {
    const out = withoutUnusedCustomProperties(
      ':root{--a:1px;--b:var(--a)}.x{color:red}@supports (display:grid){:root{--c:2px}}',
      '',
    );
    expect(out).toBe('.x{color:red}');
  });

  it('answers CSS it cannot parse as it is', () => {
    expect(withoutUnusedCustomProperties('.x{color:red', '')).toBe('.x{color:red');
  });
});
