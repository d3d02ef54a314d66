import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { authHref } from '../lib/next-path';
import { useAuthUser, useLogout } from '../features/auth/api';
import { CartLink } from '../features/cart/components/cart-count-badge';
import { CartIcon, MenuIcon } from '../components/icons';
import { Logo } from '../components/logo';
import { SearchForm } from '../components/search-form';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { MobileMenu } from './mobile-menu';
import { headerLinks } from './nav-links';

export function AuthButtons({ onDone }: { onDone?: () => void }) {
  const t = useT();
  const { data: user, isPending } = useAuthUser();
  const logout = useLogout();
  // Signing in or up comes back to this page.
  const [here] = useLocation();
  if (isPending) return <div className="h-10 w-40" aria-hidden="true" />;
  if (user) {
    return (
      <button
        type="button"
        className="btn-outline"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: onDone })}
      >
        {t('nav.logout')}
      </button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to={authHref('/signup', here)} className="btn-outline" onClick={onDone}>
        {t('nav.signUp')}
      </Link>
      <Link to={authHref('/signin', here)} className="btn-primary" onClick={onDone}>
        {t('nav.signIn')}
      </Link>
    </div>
  );
}

const navLinkClass = (isActive: boolean) =>
  `relative rounded-full px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:text-brand-700'
  }`;

export function TopBar() {
  const t = useT();
  const { data: user } = useAuthUser();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white">
      <div className="flex items-center justify-between gap-3 bg-brand-800 px-4 py-1.5 text-xs font-medium tracking-wide text-brand-50">
        <p className="min-w-0 flex-1 truncate sm:text-center">{t('shell.strip')}</p>
        <LanguageSwitch compactOnPhone linkClassName="inline-flex min-h-6 items-center px-1" />
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 lg:gap-6">
        <button
          type="button"
          className="-ml-1 flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-brand-50 md:hidden"
          aria-label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Logo />
        <SearchForm className="mx-auto hidden max-w-xl flex-1 md:block" />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {headerLinks(user, t).map((link) =>
            link.to === '/cart' ? (
              <CartLink key={link.to} className={navLinkClass} badgeClassName="-right-2 -top-1">
                {(badge) => (
                  <>
                    {link.label}
                    {badge}
                  </>
                )}
              </CartLink>
            ) : (
              <Link key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </Link>
            ),
          )}
        </nav>
        <div className="hidden md:block">
          <AuthButtons />
        </div>
        <CartLink className="relative ml-auto flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-brand-50 md:hidden">
          {(badge) => (
            <>
              <CartIcon />
              {badge}
            </>
          )}
        </CartLink>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchForm />
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
