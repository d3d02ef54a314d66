import { useEffect, useState } from 'react';
import { LogoMark } from '../components/logo';
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
 * The branded splash (PRODUCT.md): once per browser session, for 3 seconds, over a page that goes on loading and
 * stays usable underneath (the overlay lets every tap through). The welcome text leaves after 2 seconds.
 */
export function Splash() {
  const [visible, setVisible] = useState(() => !alreadyShown());
  useEffect(() => {
    if (!visible) return;
    try {
      sessionStorage.setItem(SPLASH_KEY, '1');
    } catch {
      // Private mode without storage: the splash still shows once for this page load.
    }
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div
      data-testid="splash"
      aria-hidden="true"
      className="splash pointer-events-none fixed inset-0 z-50 flex flex-col items-center justify-center bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 text-white"
    >
      <div className="splash-logo">
        <LogoMark size={88} />
      </div>
      <p className="mt-5 font-display text-4xl font-bold tracking-tight">{SHOP.name}</p>
      <p className="splash-tagline mt-2 text-base text-brand-100">Karibu! {SHOP.tagline}</p>
    </div>
  );
}
