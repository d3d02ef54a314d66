import { useEffect, useState } from 'react';
import { LogoMark } from '../components/logo';
import { useT } from '../i18n/i18n';
import { SHOP } from './shop-info';

export const SPLASH_KEY = 'urembo:splash-shown';
export const SPLASH_MS = 3000;

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(SPLASH_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * The branded splash: once per browser session, for 3 seconds, as a card floating above the bottom of
 * the screen, so the page is readable and usable from its first paint (the card lets every tap through and moves
 * nothing). It is decided after the first render: the server-rendered page and its hydration never include it. The
 * welcome text leaves after 2 seconds.
 */
export function Splash() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (alreadyShown()) return;
    try {
      sessionStorage.setItem(SPLASH_KEY, '1');
    } catch {
      // Private mode without storage: the splash still shows once for this page load.
    }
    setVisible(true);
  }, []);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div
      data-testid="splash"
      aria-hidden="true"
      className="splash pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-8"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 px-5 py-3 text-white shadow-xl">
        <div className="splash-logo">
          <LogoMark size={40} />
        </div>
        <div>
          <p className="font-display text-xl font-bold leading-tight tracking-tight">{SHOP.name}</p>
          <p className="splash-tagline text-sm text-brand-100">{t('splash.welcome')}</p>
        </div>
      </div>
    </div>
  );
}
