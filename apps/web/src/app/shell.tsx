import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../i18n/i18n';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Splash } from './splash';
import { TopBar } from './top-bar';

/** A new screen starts at the top, as a full page load would. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
      >
        {t('shell.skip')}
      </a>
      <TopBar />
      {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it. */}
      <main id="main" className="min-h-dvh flex-1">
        {children}
      </main>
      <Footer />
      <BottomBar />
      <Splash />
      <ScrollToTop />
    </div>
  );
}
