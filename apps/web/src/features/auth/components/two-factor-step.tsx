import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyTwoFactor } from '../mutations';
import { useT } from '../../../i18n/i18n';

/** Sign-in's second step: the 6-digit code the authenticator app shows, or one of the recovery codes. */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (dropped: number) => void;
  onRestart: () => void;
}) {
  const t = useT();
  const verify = useVerifyTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      return setError(t('twoFactor.digits'));
    }
    if (useRecovery && typed.replace(/[\s-]/g, '').length !== 10) {
      return setError(t('twoFactor.recoveryRule'));
    }
    setError(undefined);
    verify.mutate(useRecovery ? typed : typed.replace(/\s/g, ''), {
      onSuccess: ({ dropped }) => onSignedIn(dropped),
      onError: (err) => {
        const message = errorMessage(err, t('twoFactor.checkFailed'));
        setError(message);
        toast.error(message);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('twoFactor.recovery')}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="k7m2q-x9p4t"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={error ? undefined : t('twoFactor.recoveryHint')}
          autoFocus
        />
      ) : (
        <TextField
          key="totp"
          label={t('twoFactor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={error ? undefined : t('twoFactor.codeHint')}
          autoFocus
        />
      )}
      <button type="submit" className="btn-primary w-full py-3" disabled={verify.isPending}>
        {verify.isPending ? t('twoFactor.checking') : t('twoFactor.verify')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
            setError(undefined);
          }}
        >
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" className="font-medium text-stone-600 hover:underline" onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </div>
    </form>
  );
}
