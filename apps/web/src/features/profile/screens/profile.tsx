import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/dates';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { User } from '@urembo/contract/users';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { SignedOutNotice } from '../../../components/signed-out-notice';
import { VerifyPhoneBanner } from '../../../components/verify-phone-banner';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthUser } from '../../../app/data/session';
import { AddressBook } from '../components/address-book';

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
          Verify Now
        </Link>
      )}
    </li>
  );
}

function ProfileCard({ user }: { user: User }) {
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
            {user.role === 'admin' ? 'Shop admin' : 'Customer'} since {since}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-stone-100 px-5 sm:px-6">
        {user.email ? (
          <ContactRow
            icon={<MailIcon width={18} height={18} />}
            label="Email"
            value={user.email}
            verified={user.isEmailVerified}
            verifiedText="Verified"
            verifyTo="/verify-email"
          />
        ) : null}
        {user.phone ? (
          <ContactRow
            icon={<PhoneIcon width={18} height={18} />}
            label="Phone"
            value={formatPhoneForDisplay(user.phone)}
            verified={user.isPhoneVerified}
            verifiedText="verified"
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
  useDocumentTitle('Profile Page');
  const { data: user, isPending } = useAuthUser();
  if (isPending) return <Spinner label="Loading your profile" />;
  if (!user) {
    return <SignedOutNotice reason="Create an account or sign in to see your profile and address books." />;
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="mb-6 font-display text-3xl font-semibold text-brand-800">My Profile</h1>
      <VerifyPhoneBanner user={user} className="mb-6" />
      <ProfileCard user={user} />
      <AddressBook user={user} />
      {security}
    </section>
  );
}
