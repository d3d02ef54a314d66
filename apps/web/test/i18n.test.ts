import { createElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@urembo/contract/languages';
import { en } from '../src/i18n/catalogues/en';
import { sw } from '../src/i18n/catalogues/sw';
import { createTranslator } from '../src/i18n/i18n';
import { fill, placeholders, tags, TAG, type Messages } from '../src/i18n/messages';

/** Every language the shop speaks, with its catalogue (a language added to LANGUAGES must be added here). */
const CATALOGUES: Record<(typeof LANGUAGES)[number], Record<string, string>> = { en, sw };

describe('message catalogues', () => {
  const keys = Object.keys(en).sort();

  it('has a catalogue for every language the shop speaks', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const [lang, messages] of Object.entries(CATALOGUES)) {
    it(`${lang} has every key of the English catalogue and no other`, () => {
      expect(Object.keys(messages).sort()).toEqual(keys);
    });

    it(`${lang} has the same {placeholders} as English in every text, and no empty text`, () => {
      const different = keys.filter(
        (key) => placeholders(messages[key]!).join() !== placeholders(en[key as keyof typeof en]).join(),
      );
      expect(different).toEqual([]);
      expect(keys.filter((key) => !messages[key]!.trim())).toEqual([]);
    });

    it(`${lang} has the same <tags> as English in every text, each closed and none nested`, () => {
      const different = keys.filter(
        (key) => tags(messages[key]!).join() !== tags(en[key as keyof typeof en]).join(),
      );
      expect(different).toEqual([]);
      // What is left once the tags are taken out holds no tag: a tag never closed, misspelt or inside another.
      const broken = keys.filter((key) => /<\/?\w+>/.test(messages[key]!.replace(TAG, '$2')));
      expect(broken).toEqual([]);
    });
  }

  it('pairs every plural text: `<key>.one` with `<key>.other`', () => {
    const ones = keys.filter((key) => key.endsWith('.one')).map((key) => key.slice(0, -4));
    const others = keys.filter((key) => key.endsWith('.other')).map((key) => key.slice(0, -6));
    expect(ones).toEqual(others);
  });

  it('the Swahili catalogue is Swahili: most of its texts differ from the English ones', () => {
    const same = keys.filter((key) => sw[key as keyof Messages] === en[key as keyof typeof en]);
    expect(same.length).toBeLessThan(keys.length / 5);
  });
});

describe('translator', () => {
  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(fill('Page {page} of {pages}', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(fill('Hello {name}', {})).toBe('Hello {name}');
  });

  it('speaks the chosen language, with its plural forms', () => {
    const english = createTranslator('en', en);
    const swahili = createTranslator('sw', sw);
    expect(english('nav.cart')).toBe('Cart');
    expect(swahili('nav.cart')).toBe('Kikapu');
    expect(english.n('nav.cartItems', 1)).toBe('Cart, 1 item');
    expect(english.n('nav.cartItems', 3)).toBe('Cart, 3 items');
    expect(swahili.n('nav.cartItems', 3)).toBe('Kikapu, bidhaa 3');
    expect(swahili.locale).toBe('sw-KE');
  });

  it('draws a rich text: its tags as elements, its placeholders filled, and plain text as a string', () => {
    const english = createTranslator('en', en);
    const html = (node: ReactNode) => render(createElement('p', null, node)).container.innerHTML;
    const step = english.rich(
      'returnsPage.howTo1',
      { days: '7 days' },
      {
        link: (words) => createElement('a', { href: '/orders' }, words),
        b: (words) => createElement('strong', null, words),
      },
    );
    expect(html(step)).toBe(
      '<p>Open the order in <a href="/orders">My Orders</a> and tap <strong>Return items</strong>. Choose the ' +
        'items and how many, and tell us why. The button is there for 7 days after we mark your order delivered.</p>',
    );
    // A tag without a renderer shows its words; a text without tags is the plain text, placeholders filled.
    expect(html(english.rich('returnsPage.ingredients'))).toBe(
      '<p>Ingredients: the full list as printed on the pack.</p>',
    );
    expect(english.rich('nav.cart')).toBe('Cart');
    expect(english.rich('returnsPage.howTo', { days: 3 })).toBe('Returning items within 3');
    // A placeholder may be an element; a value that looks like a tag stays text.
    expect(
      html(english.rich('returnsPage.alsoWritten', { names: createElement('em', null, 'calomel') })),
    ).toBe('<p>(also written <em>calomel</em>)</p>');
    expect(html(english.rich('returnsPage.alsoWritten', { names: '<b>x</b>' }))).toBe(
      '<p>(also written &lt;b&gt;x&lt;/b&gt;)</p>',
    );
  });
});
