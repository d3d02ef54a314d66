import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeTitle, pageTitle } from '@urembo/contract/page-title';
import { createTranslator, I18nProvider } from '../src/i18n/i18n';
import { en } from '../src/i18n/catalogues/en';
import { sw } from '../src/i18n/catalogues/sw';
import { enAccount } from '../src/i18n/catalogues/en-account';
import { swAccount } from '../src/i18n/catalogues/sw-account';
import { useDocumentTitle, useHomeDocumentTitle } from '../src/lib/use-document-title';

function Titled({ page, admin }: { page: string; admin?: boolean }) {
  useDocumentTitle(page, admin ? 'admin' : 'shop');
  return null;
}

function Home() {
  useHomeDocumentTitle();
  return null;
}

describe('page titles: "<page> · Urembo"', () => {
  it('adds the shop’s name to the page’s own name', () => {
    expect(pageTitle('Cart')).toBe('Cart · Urembo');
    expect(pageTitle('Orders', 'admin')).toBe('Orders · Urembo Admin');
    expect(pageTitle('', 'admin')).toBe('Urembo Admin');
    expect(homeTitle('Beauty products delivered across Kenya')).toBe(
      'Urembo · Beauty products delivered across Kenya',
    );
  });

  it('sets the tab title from the page’s name, and the home page’s from the catalogue', () => {
    const { rerender } = render(<Titled page="Profile" />);
    expect(document.title).toBe('Profile · Urembo');
    rerender(<Titled page="Orders" admin />);
    expect(document.title).toBe('Orders · Urembo Admin');
    rerender(
      <I18nProvider translator={createTranslator('sw', sw)}>
        <Home />
      </I18nProvider>,
    );
    expect(document.title).toBe('Urembo · Bidhaa za urembo zinazoletwa kote Kenya');
  });

  it('keeps the shop’s name out of the catalogues’ page names, in both languages', () => {
    for (const catalogue of [en, sw, enAccount, swAccount]) {
      for (const [key, text] of Object.entries(catalogue)) {
        if (key === 'meta.title') expect(text, key).toMatch(/^Urembo · \S/);
        else if (/(^|\.)title(Ref)?$/.test(key)) expect(text, key).not.toMatch(/\|\s*Urembo|Urembo\s*\|/);
      }
    }
    expect(en['signin.title']).toBe('Sign in');
    expect(en['signup.title']).toBe('Sign up');
    expect(en['profile.title']).toBe('Profile');
  });
});
