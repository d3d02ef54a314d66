import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from 'react-hot-toast';
import { changePasswordBodySchema, type SecurityEventInfo, type SessionInfo } from '@urembo/contract/auth';
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

function lastSeen(iso: string): string {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 60) return 'Active in the last hour';
  return `Last seen ${formatDate(iso, 'dayTime')}`;
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const { data: user } = useAuthUser();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useFocusFirstError(errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(changePasswordBodySchema, { currentPassword, newPassword });
    if (!checked.ok) return setErrors(checked.errors);
    if (newPassword !== confirm) return setErrors({ confirm: 'Passwords do not match' });
    setErrors({});
    change.mutate(checked.data, {
      onSuccess: (data) => {
        toast.success(data.message);
        setCurrent('');
        setNew('');
        setConfirm('');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Could not change the password');
        const field = /current password/i.test(message) ? 'currentPassword' : 'newPassword';
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
      aria-label="Change password"
    >
      <h3 className="font-display text-lg font-semibold text-ink">Change password</h3>
      <TextField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.currentPassword}
      />
      <NewPasswordField
        label="New password"
        name="newPassword"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={errors.newPassword}
        context={user ? { phone: user.phone, fullName: user.fullName, email: user.email } : {}}
        idleHint="At least 8 characters; not a common password or a pattern, and not your name, phone number or email."
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <FormError message={errors.form} />
      <button type="submit" className="btn-primary justify-self-start px-6" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}

function DeviceRow({ session }: { session: SessionInfo }) {
  const end = useEndSession();
  const name = describeDevice(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {name}
          {session.current ? (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-stone-500">{lastSeen(session.lastSeenAt)}</p>
        <p className="text-xs text-stone-500" data-testid="session-ends">
          {session.idleExpiresAt < session.expiresAt
            ? `Signs out if unused until ${formatDate(session.idleExpiresAt, 'dateTime')}; ends ${formatDate(session.expiresAt, 'dateTime')} at the latest`
            : `Ends ${formatDate(session.expiresAt, 'dateTime')}`}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn-outline px-4 py-1.5 text-xs"
          disabled={end.isPending}
          aria-label={`Sign out ${name}`}
          onClick={() =>
            end.mutate(session._id, {
              onSuccess: (data) => toast.success(data.message),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Sign out
        </button>
      )}
    </li>
  );
}

function Devices() {
  const { data: sessions, isPending, isError } = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-display text-lg font-semibold text-ink">Signed-in devices</h3>
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
            Sign out everywhere else
          </button>
        ) : null}
      </div>
      {isPending ? (
        <p className="py-3 text-sm text-stone-500">Loading your devices…</p>
      ) : isError ? (
        <p className="py-3 text-sm text-red-700">Your devices could not be loaded. Please try again.</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Signed-in devices">
          {sessions.map((session) => (
            <DeviceRow key={session._id} session={session} />
          ))}
        </ul>
      )}
    </div>
  );
}

const EVENT_TEXT: Record<SecurityEventInfo['event'], string> = {
  signin: 'Signed in',
  'signin-failed': 'Wrong password or code tried',
  'password-changed': 'Password changed',
  'session-ended': 'Signed out',
  'two-factor-enabled': 'Two-factor sign-in turned on',
};

function Activity() {
  const { data: events, isPending, isError } = useActivity();
  return (
    <div>
      <h3 className="font-display text-lg font-semibold text-ink">Sign-in history</h3>
      <p className="text-sm text-stone-500">
        The last 50 sign-ins and changes to your account. Something you do not recognise? Change your
        password.
      </p>
      {isPending ? (
        <p className="py-3 text-sm text-stone-500">Loading your history…</p>
      ) : isError ? (
        <p className="py-3 text-sm text-red-700">Your history could not be loaded. Please try again.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100" aria-label="Sign-in history">
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
                {EVENT_TEXT[e.event]}
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
  return (
    <section className="card mt-6 grid gap-8 p-5 sm:p-6" aria-labelledby="security-heading">
      <h2 id="security-heading" className="font-display text-2xl font-semibold text-brand-800">
        Security
      </h2>
      <TwoFactorPanel />
      <ChangePasswordForm />
      <Devices />
      <Activity />
    </section>
  );
}
