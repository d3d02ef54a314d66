import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { User } from '@urembo/contract/users';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { VerifyPhoneBanner } from '../../../components/verify-phone-banner';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { AddressBook } from '../components/address-book';
import { useDates, useT } from '../../../i18n/i18n';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function ContactRow({
  icon,
  label,
  value,
  verified,
  verifiedText,
  verifyTo,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  verified: boolean;
  verifiedText: string;
  verifyTo: string;
}) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{label}</p>
        <p className="break-all font-medium text-ink">{value}</p>
      </div>
      {verified ? (
        <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
          ✓ {verifiedText}
        </span>
      ) : (
        <Link to={verifyTo} className="btn-outline px-4 py-1.5 text-xs">
          {t('profile.verifyNow')}
        </Link>
      )}
    </li>
  );
}

function ProfileCard({ user }: { user: User }) {
  const t = useT();
  const { formatDate } = useDates();
  const since = formatDate(user.createdAt, 'monthYear');
  return (
    <div className="card overflow-hidden">
      <div className="flex items-center gap-4 bg-gradient-to-r from-brand-50 to-cream px-5 py-5 sm:px-6">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-xl font-bold text-white">
          {initials(user.fullName)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-display text-2xl font-semibold text-brand-800">{user.fullName}</p>
          <p className="text-sm text-stone-600">
            {t(user.role === 'admin' ? 'profile.admin' : 'profile.customer', { since })}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-stone-100 px-5 sm:px-6">
        {user.email ? (
          <ContactRow
            icon={<MailIcon width={18} height={18} />}
            label={t('profile.email')}
            value={user.email}
            verified={user.isEmailVerified}
            verifiedText={t('profile.verified')}
            verifyTo="/verify-email"
          />
        ) : null}
        {user.phone ? (
          <ContactRow
            icon={<PhoneIcon width={18} height={18} />}
            label={t('profile.phone')}
            value={formatPhoneForDisplay(user.phone)}
            verified={user.isPhoneVerified}
            verifiedText={t('profile.phoneVerified')}
            verifyTo="/verify-phone"
          />
        ) : null}
      </ul>
    </div>
  );
}

/**
 * /profile: the customer's details with their verification state, their address books and (a slot) the
 * account's security panel.
 */
export default function ProfilePage({ security }: { security: ReactNode }) {
  const t = useT();
  useDocumentTitle(t('profile.title'));
  const { data: user, isPending } = useAuthUser();
  if (isPending) return <Spinner label={t('profile.loading')} />;
  if (!user) {
    return <SignedOutNotice reason={t('profile.signedOut')} />;
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="mb-6 font-display text-3xl font-semibold text-brand-800">{t('profile.heading')}</h1>
      <VerifyPhoneBanner user={user} className="mb-6" />
      <ProfileCard user={user} />
      <AddressBook user={user} />
      {security}
    </section>
  );
}
