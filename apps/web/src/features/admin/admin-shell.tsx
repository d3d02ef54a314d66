import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ADMIN_SLUGS, ADMIN_TABLES, ADMIN_TABLE_LABELS, type AdminSlug } from '../../app/admin-tables';
import { LogoutIcon, MenuIcon } from '../../components/icons';
import { LogoMark } from '../../components/logo';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthUser, useLogout, useTwoFactorStatus } from '../../app/data/session';
import { ADMIN_TABLE_ICONS, CollapseIcon } from './admin-icons';

const COLLAPSED_KEY = 'urembo:admin-sidebar-collapsed';

function isSlug(value: string | undefined): value is AdminSlug {
  return (ADMIN_SLUGS as readonly string[]).includes(value ?? '');
}

function TableLinks({
  adminId,
  active,
  collapsed = false,
  onNavigate,
}: {
  adminId: string;
  active: string | undefined;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="space-y-1">
      {ADMIN_SLUGS.map((slug) => {
        const current = slug === active;
        return (
          <li key={slug}>
            <Link
              to={`/admin/${adminId}/${slug}`}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              title={collapsed ? ADMIN_TABLE_LABELS[slug] : undefined}
              className={`flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
                current
                  ? 'bg-brand-700 text-white shadow-sm'
                  : 'text-stone-600 hover:bg-brand-50 hover:text-brand-800'
              } ${collapsed ? 'justify-center px-0' : ''}`}
            >
              {ADMIN_TABLE_ICONS[slug]}
              <span className={collapsed ? 'sr-only' : ''}>{ADMIN_TABLE_LABELS[slug]}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function TwoFactorNeeded() {
  return (
    <section className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <span className="mx-auto">
        <LogoMark size={40} />
      </span>
      <h1 className="font-display text-2xl font-semibold text-brand-800">Set up two-factor sign-in</h1>
      <p className="text-stone-600">
        The admin pages can move money and change every price, so they need two-factor sign-in on your
        account: a code from an authenticator app on your phone besides your password.
      </p>
      <Link to="/profile#two-factor" className="btn-primary justify-self-center px-6">
        Set up two-factor sign-in
      </Link>
    </section>
  );
}

/**
 * /admin/:adminId/:slug: the back office. Only admins see it: while the auth check runs nothing shows;
 * a visitor goes to /signin and a customer back to the shop. A collapsible sidebar on wide screens, a drawer on a
 * phone; each table loads its own code when opened.
 */
export default function AdminShell() {
  const { data: user, isPending } = useAuthUser();
  const params = useParams<{ adminId: string; slug: string }>();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  const slug = isSlug(params.slug) ? params.slug : undefined;
  const Table = slug ? ADMIN_TABLES[slug] : undefined;
  useDocumentTitle(slug ? ADMIN_TABLE_LABELS[slug] : '', 'admin');

  useEffect(() => {
    if (isPending) return;
    if (!user) navigate('/signin', { replace: true });
    else if (user.role !== 'admin') navigate('/', { replace: true });
  }, [isPending, user, navigate]);

  const twoFactor = useTwoFactorStatus(user?.role === 'admin');

  if (isPending || !user || user.role !== 'admin') return null;
  // Where the shop requires it (ADMIN_REQUIRE_2FA), the admin pages wait for two-factor sign-in: lead there.
  if (twoFactor.data?.required) return <TwoFactorNeeded />;

  function toggleCollapsed() {
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {
        // ignore
      }
      return !c;
    });
  }

  return (
    <div className="flex min-h-dvh flex-col bg-stone-100">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 bg-brand-900 px-3 text-white shadow sm:px-4">
        <button
          type="button"
          className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/10 lg:hidden"
          aria-label="Open admin menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to={`/admin/${user._id}/dashboard`} className="flex items-center gap-2">
          <LogoMark size={28} />
          <span className="font-display text-lg font-bold">
            Urembo <span className="font-sans text-sm font-medium text-brand-200">Admin</span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2 text-sm">
          <span className="hidden text-brand-100 sm:inline">{user.fullName}</span>
          <Link
            to="/"
            className="rounded-full px-3 py-1.5 font-medium text-brand-100 hover:bg-white/10 hover:text-white"
          >
            View shop
          </Link>
          <button
            type="button"
            className="flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-brand-100 hover:bg-white/10 hover:text-white"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <LogoutIcon width={16} height={16} />
            <span className="sr-only sm:not-sr-only">Logout</span>
          </button>
        </div>
      </header>
      <div className="flex flex-1">
        <nav
          aria-label="Admin tables"
          className={`sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-stone-200 bg-white p-3 transition-[width] lg:flex ${
            collapsed ? 'w-[4.5rem]' : 'w-60'
          }`}
        >
          <TableLinks adminId={user._id} active={slug} collapsed={collapsed} />
          <button
            type="button"
            onClick={toggleCollapsed}
            className="mt-auto flex items-center justify-center gap-2 rounded-xl px-3 py-2 text-xs font-medium text-stone-600 hover:bg-stone-100"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            <CollapseIcon collapsed={collapsed} />
            {collapsed ? null : 'Collapse'}
          </button>
        </nav>
        <main className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
          {slug && Table ? (
            <>
              <h1 className="mb-4 font-display text-2xl font-semibold text-ink">
                {ADMIN_TABLE_LABELS[slug]}
              </h1>
              <Suspense fallback={<Spinner label="Loading table" />}>
                <Table />
              </Suspense>
            </>
          ) : (
            <div className="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-20 text-center">
              <p className="font-display text-xl font-semibold text-stone-700">
                Select a table from the sidebar
              </p>
              <p className="mt-2 text-sm text-stone-600">
                {slug
                  ? `The ${ADMIN_TABLE_LABELS[slug]} table is not available yet.`
                  : 'Choose what you want to manage.'}
              </p>
              <button type="button" className="btn-outline mt-6 lg:hidden" onClick={() => setMenuOpen(true)}>
                Open tables
              </button>
            </div>
          )}
        </main>
      </div>
      <Modal open={menuOpen} onClose={() => setMenuOpen(false)} title="Admin tables" placement="left">
        <nav aria-label="Admin tables (menu)">
          <TableLinks adminId={user._id} active={slug} onNavigate={() => setMenuOpen(false)} />
        </nav>
      </Modal>
    </div>
  );
}
