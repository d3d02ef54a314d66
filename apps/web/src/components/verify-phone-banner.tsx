import type { User } from '@urembo/contract/users';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { Link } from 'wouter';
import { PhoneIcon } from './icons';
import { useT } from '../i18n/i18n';

/**
 * Asks a signed-in customer whose phone number is not verified yet to verify it, with a link to /verify-phone.
 * Shows nothing once it is verified.
 */
export function VerifyPhoneBanner({ user, className = '' }: { user: User; className?: string }) {
  const t = useT();
  if (user.isPhoneVerified || !user.phone) return null;
  return (
    <aside
      aria-label={t('phoneBanner.label')}
      className={`${className} flex flex-col gap-3 rounded-2xl bg-amber-50 px-4 py-4 text-sm text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:px-5`}
    >
      <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 sm:flex">
        <PhoneIcon width={20} height={20} />
      </span>
      <p className="min-w-0 flex-1">{t('phoneBanner.text', { phone: formatPhoneForDisplay(user.phone) })}</p>
      <Link to="/verify-phone" className="btn-primary shrink-0 self-start sm:self-center">
        {t('phoneBanner.button')}
      </Link>
    </aside>
  );
}
