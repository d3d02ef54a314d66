import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyTwoFactor } from '../mutations';

/** Sign-in's second step: the 6-digit code the authenticator app shows, or one of the recovery codes. */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (dropped: number) => void;
  onRestart: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      return setError('Enter the 6 digits your authenticator app shows');
    }
    if (useRecovery && typed.replace(/[\s-]/g, '').length !== 10) {
      return setError('A recovery code has 10 letters and digits, like k7m2q-x9p4t');
    }
    setError(undefined);
    verify.mutate(useRecovery ? typed : typed.replace(/\s/g, ''), {
      onSuccess: ({ dropped }) => onSignedIn(dropped),
      onError: (err) => {
        const message = errorMessage(err, 'Could not check the code');
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
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="k7m2q-x9p4t"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={error ? undefined : 'Each recovery code works once.'}
          autoFocus
        />
      ) : (
        <TextField
          key="totp"
          label="6-digit code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={error ? undefined : 'Open your authenticator app and type the code it shows for Urembo.'}
          autoFocus
        />
      )}
      <button type="submit" className="btn-primary w-full py-3" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify and sign in'}
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
          {useRecovery ? 'Use the code from my app' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="font-medium text-stone-600 hover:underline" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
