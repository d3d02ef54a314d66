import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { TwoFactorSetup } from '@urembo/contract/two-factor';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useTwoFactorStatus } from '../api';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../mutations';

/**
 * The QR code an authenticator app scans, drawn as SVG by the `qrcode` library. The library is loaded here, when a
 * customer starts the setup, never with the shop's pages (a test checks the built bundle).
 */
function QrCode({ text }: { text: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((made) => live && setSvg(made))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  if (failed)
    return <p className="text-sm text-red-700">The QR code could not be drawn: type the key below.</p>;
  if (!svg) return <div className="h-48 w-48 animate-pulse rounded-lg bg-stone-100" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code for your authenticator app"
      width={192}
      height={192}
      className="h-48 w-48 rounded-lg border border-stone-200 bg-white"
      data-testid="two-factor-qr"
    />
  );
}

/** The secret in groups of four, as apps ask it to be typed. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Urembo recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  function copy() {
    navigator.clipboard?.writeText(text).then(
      () => toast.success('Recovery codes copied'),
      () => toast.error('Could not copy: select the codes and copy them by hand'),
    );
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'urembo-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="grid gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="font-semibold text-amber-900">Save your recovery codes now</p>
      <p className="text-sm text-amber-900">
        If you lose your phone, each of these codes signs you in once instead of the app&rsquo;s code. They
        are shown only this once.
      </p>
      <ul
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-ink sm:max-w-sm"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={download}>
          Download
        </button>
        <button type="button" className="btn-primary px-4 py-1.5 text-xs" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function TurnOn({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('Enter the 6 digits your authenticator app shows');
    setError(undefined);
    enable.mutate(typed, {
      onSuccess: (answer) => {
        toast.success('Two-factor sign-in is on');
        onEnabled(answer.recoveryCodes);
      },
      onError: (err) => setError(errorMessage(err, 'Could not turn two-factor sign-in on')),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Turn on two-factor sign-in">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-600">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy…).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows for Urembo.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        <QrCode text={setup.otpauthUrl} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-700">Key for typing in</p>
          <p className="break-words font-mono text-sm text-ink" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <TextField
        label="6-digit code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        className="sm:max-w-xs"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-6" disabled={enable.isPending}>
          {enable.isPending ? 'Checking…' : 'Turn on'}
        </button>
        <button type="button" className="btn-ghost px-4" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TurnOff({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !code.trim()) return setError('Enter your password and a code from your app');
    setError(undefined);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onCancel();
        },
        onError: (err) => setError(errorMessage(err, 'Could not turn two-factor sign-in off')),
      },
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:max-w-md"
      aria-label="Turn off two-factor sign-in"
    >
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Code from your app, or a recovery code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-6" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </button>
        <button type="button" className="btn-ghost px-4" onClick={onCancel}>
          Keep it on
        </button>
      </div>
    </form>
  );
}

/** The Security panel's two-factor part: turn it on (QR code, key, first code, recovery codes) or off. */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const start = useSetupTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const loaded = status.isSuccess;

  // The admin pages lead here (/profile#two-factor): once the panel has its content, bring it into view.
  useEffect(() => {
    if (loaded && window.location.hash === '#two-factor') {
      document.getElementById('two-factor')?.scrollIntoView({ block: 'start' });
    }
  }, [loaded]);

  function begin() {
    start.mutate(undefined, {
      onSuccess: (answer) => setSetup(answer),
      onError: (err) => toast.error(errorMessage(err, 'Could not start the setup')),
    });
  }

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    body = <p className="text-sm text-stone-500">Loading…</p>;
  } else if (status.isError) {
    body = <p className="text-sm text-red-700">Two-factor sign-in could not be loaded. Please try again.</p>;
  } else if (status.data.enabled) {
    body = turningOff ? (
      <TurnOff onCancel={() => setTurningOff(false)} />
    ) : (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-700">
          <span className="mr-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
            On
          </span>
          Signing in asks for a code from your app. {status.data.recoveryCodesLeft} recovery{' '}
          {status.data.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
        </p>
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={() => setTurningOff(true)}>
          Turn off
        </button>
      </div>
    );
  } else if (setup) {
    body = (
      <TurnOn
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
      />
    );
  } else {
    body = (
      <div className="grid gap-3">
        {status.data.required ? (
          <p
            className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            role="alert"
          >
            The admin pages need two-factor sign-in on your account. Turn it on here to use them.
          </p>
        ) : null}
        <p className="text-sm text-stone-600">
          Besides your password, signing in will ask for a code from an authenticator app on your phone, so a
          stolen password alone cannot open your account.
        </p>
        <button
          type="button"
          className="btn-primary justify-self-start px-6"
          disabled={start.isPending}
          onClick={begin}
        >
          {start.isPending ? 'Starting…' : 'Turn on two-factor sign-in'}
        </button>
      </div>
    );
  }

  return (
    <div id="two-factor" className="grid gap-3">
      <h3 className="font-display text-lg font-semibold text-ink">Two-factor sign-in</h3>
      {body}
    </div>
  );
}
