import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from 'react-hot-toast';
import { changePasswordBodySchema, type SessionInfo } from '@urembo/contract/auth';
import { FormError, TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import {
  serverFieldErrors,
  validateForm,
  type FieldErrors,
  useFocusFirstError,
} from '../../../lib/form-errors';
import { useAuthUser } from '../api';
import { NewPasswordField } from './new-password-field';
import { TwoFactorPanel } from './two-factor-panel';
import {
  useActivity,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from '../mutations';
import { useDates, useT, type Translator } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

/** "Chrome on Android", "Safari on iPhone": enough for a customer to recognise a device. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

function lastSeen(iso: string, t: Translator): string {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 60) return t('security.activeNow');
  return t('security.lastSeen', { date: formatDate(iso, 'dayTime', t.lang) });
}

function ChangePasswordForm() {
  const t = useT();
  const change = useChangePassword();
  const { data: user } = useAuthUser();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(changePasswordBodySchema, { currentPassword, newPassword }, (m) =>
      inLanguage(m, t.lang),
    );
    if (!checked.ok) return setErrors(checked.errors);
    if (newPassword !== confirm) return setErrors({ confirm: t('forgot.noMatch') });
    setErrors({});
    change.mutate(checked.data, {
      onSuccess: (data) => {
        toast.success(data.message);
        setCurrent('');
        setNew('');
        setConfirm('');
      },
      onError: (error) => {
        const message = errorMessage(error, t('security.changeFailed'));
        const field = /current password|nenosiri la sasa/i.test(message) ? 'currentPassword' : 'newPassword';
        setErrors({ ...serverFieldErrors(error), [field]: message });
        toast.error(message);
      },
    });
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:max-w-md"
      aria-label={t('security.changeForm')}
    >
      <h3 className="font-display text-lg font-semibold text-ink">{t('security.changeForm')}</h3>
      <TextField
        label={t('details.currentPassword')}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.currentPassword}
      />
      <NewPasswordField
        label={t('form.newPassword')}
        name="newPassword"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={errors.newPassword}
        context={user ? { phone: user.phone, fullName: user.fullName, email: user.email } : {}}
        idleHint={t('security.idle')}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <FormError message={errors.form} />
      <button type="submit" className="btn-primary justify-self-start px-6" disabled={change.isPending}>
        {change.isPending ? t('form.saving') : t('security.changeForm')}
      </button>
    </form>
  );
}

function DeviceRow({ session }: { session: SessionInfo }) {
  const t = useT();
  const { formatDate } = useDates();
  const end = useEndSession();
  const name = describeDevice(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {name}
          {session.current ? (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
              {t('security.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-stone-500">{lastSeen(session.lastSeenAt, t)}</p>
        <p className="text-xs text-stone-500" data-testid="session-ends">
          {session.idleExpiresAt < session.expiresAt
            ? t('security.idleEnds', {
                idle: formatDate(session.idleExpiresAt, 'dateTime'),
                end: formatDate(session.expiresAt, 'dateTime'),
              })
            : t('security.ends', { end: formatDate(session.expiresAt, 'dateTime') })}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn-outline px-4 py-1.5 text-xs"
          disabled={end.isPending}
          aria-label={t('security.signOutDevice', { device: name })}
          onClick={() =>
            end.mutate(session._id, {
              onSuccess: (data) => toast.success(data.message),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {t('security.signOut')}
        </button>
      )}
    </li>
  );
}

function Devices() {
  const t = useT();
  const { data: sessions, isPending, isError } = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-display text-lg font-semibold text-ink">{t('security.devices')}</h3>
        {others > 0 ? (
          <button
            type="button"
            className="btn-outline px-4 py-1.5 text-xs"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (data) => toast.success(data.message),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('security.signOutOthers')}
          </button>
        ) : null}
      </div>
      {isPending ? (
        <p className="py-3 text-sm text-stone-500">{t('security.loadingDevices')}</p>
      ) : isError ? (
        <p className="py-3 text-sm text-red-700">{t('security.devicesFailed')}</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={t('security.devices')}>
          {sessions.map((session) => (
            <DeviceRow key={session._id} session={session} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Activity() {
  const t = useT();
  const { formatDate } = useDates();
  const { data: events, isPending, isError } = useActivity();
  return (
    <div>
      <h3 className="font-display text-lg font-semibold text-ink">{t('security.history')}</h3>
      <p className="text-sm text-stone-500">{t('security.historyIntro')}</p>
      {isPending ? (
        <p className="py-3 text-sm text-stone-500">{t('security.loadingHistory')}</p>
      ) : isError ? (
        <p className="py-3 text-sm text-red-700">{t('security.historyFailed')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100" aria-label={t('security.history')}>
          {events.map((e, i) => (
            <li
              key={`${e.at}-${i}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
            >
              <span
                className={
                  e.event === 'signin-failed' ? 'font-medium text-amber-800' : 'font-medium text-ink'
                }
              >
                {t(`security.event.${e.event}`)}
              </span>
              <span className="text-stone-500">
                {describeDevice(e.device)}
                {e.ip ? ` · ${e.ip}` : ''} · {formatDate(e.at, 'dateTime')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The profile's "Security" panel: change the password, see and end the account's sessions (a lost phone). */
export function SecurityPanel() {
  const t = useT();
  return (
    <section className="card mt-6 grid gap-8 p-5 sm:p-6" aria-labelledby="security-heading">
      <h2 id="security-heading" className="font-display text-2xl font-semibold text-brand-800">
        {t('security.heading')}
      </h2>
      <TwoFactorPanel />
      <ChangePasswordForm />
      <Devices />
      <Activity />
    </section>
  );
}
