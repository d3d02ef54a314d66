import { Link, useLocation, useSearch } from 'wouter';
import { authHref } from '../lib/next-path';
import { UserIcon } from './icons';
import { useT } from '../i18n/i18n';

/**
 * What a private screen shows a visitor: "You are not signed in yet" with a way to sign up or in. Inside a
 * screen that has its own h1, pass `heading="h2"`.
 */
export function SignedOutNotice({
  reason,
  heading: Heading = 'h1',
}: {
  reason: string;
  heading?: 'h1' | 'h2';
}) {
  const t = useT();
  // Signing in or up from here comes back to this very page.
  const [path] = useLocation();
  const search = useSearch();
  const here = search ? `${path}?${search}` : path;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <UserIcon width={30} height={30} />
      </span>
      <Heading className="mt-5 font-display text-2xl font-semibold text-brand-800">
        {t('signedOut.heading')}
      </Heading>
      <p className="mt-2 text-stone-600">{reason}</p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Link to={authHref('/signup', here)} className="btn-primary">
          {t('signedOut.signUp')}
        </Link>
        <Link to={authHref('/signin', here)} className="btn-outline">
          {t('signedOut.signIn')}
        </Link>
      </div>
    </section>
  );
}
