import { useEffect, useState, type ChangeEvent } from 'react';
import type { newPasswordProblem, PasswordContext } from '@urembo/contract/password-strength';
import { TextField } from '../../../components/form-field';
import { useT } from '../../../i18n/i18n';
import { inLanguage } from '@urembo/contract/message-catalogue';

type Checker = typeof newPasswordProblem;

let checker: Promise<Checker> | undefined;

/** The password rules without zod (about 14 KB gzip), downloaded when a new-password field is first typed in. */
function loadChecker(): Promise<Checker> {
  checker ??= import('@urembo/contract/password-strength').then((m) => m.newPasswordProblem);
  // A failed download is tried again on the next key; the server still says why on submit.
  checker.catch(() => (checker = undefined));
  return checker;
}

/**
 * A new password's field that says, as the person types, why the password would be refused (too short, one
 * character repeated, a run in order, a keyboard row, a date, their own name or phone) or that it will do. The
 * server gives the same reasons, and refuses the most common passwords besides.
 */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
  error,
  context,
  idleHint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  /** The account's phone, name and email, which a password must not contain. */
  context?: PasswordContext;
  /** What the field says before anything is typed. */
  idleHint: string;
}) {
  const t = useT();
  const [verdict, setVerdict] = useState<{ password: string; problem: string | null } | null>(null);
  const phone = context?.phone;
  const fullName = context?.fullName;
  const email = context?.email;

  useEffect(() => {
    if (!value) return;
    let current = true;
    loadChecker().then(
      (check) => {
        if (current) setVerdict({ password: value, problem: check(value, { phone, fullName, email }) });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [value, phone, fullName, email]);

  const known = value && verdict?.password === value ? verdict : null;
  // One live region, so a screen reader hears each new verdict without the field being read again.
  const hint = error ? undefined : (
    <span
      aria-live="polite"
      data-testid="password-verdict"
      className={known ? (known.problem ? 'text-amber-800' : 'text-emerald-700') : undefined}
    >
      {known ? (known.problem ? inLanguage(known.problem, t.lang) : t('password.good')) : idleHint}
    </span>
  );

  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
    />
  );
}
