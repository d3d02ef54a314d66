import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { TwoFactorSetup } from '@urembo/contract/two-factor';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useTwoFactorStatus } from '../api';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../mutations';
import { useT } from '../../../i18n/i18n';

/**
 * The QR code an authenticator app scans, drawn as SVG by the `qrcode` library. The library is loaded here, when a
 * customer starts the setup, never with the shop's pages (a test checks the built bundle).
 */
function QrCode({ text }: { text: string }) {
  const t = useT();
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
  if (failed) return <p className="text-sm text-red-700">{t('tfa.qrFailed')}</p>;
  if (!svg) return <div className="h-48 w-48 animate-pulse rounded-lg bg-stone-100" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('tfa.qrAlt')}
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
  const t = useT();
  const text = `${t('tfa.codesFile')}\n\n${codes.join('\n')}\n`;
  function copy() {
    navigator.clipboard?.writeText(text).then(
      () => toast.success(t('tfa.copied')),
      () => toast.error(t('tfa.copyFailed')),
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
      <p className="font-semibold text-amber-900">{t('tfa.saveNow')}</p>
      <p className="text-sm text-amber-900">{t('tfa.codesIntro')}</p>
      <ul
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-ink sm:max-w-sm"
        aria-label={t('tfa.codes')}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={copy}>
          {t('tfa.copy')}
        </button>
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={download}>
          {t('tfa.download')}
        </button>
        <button type="button" className="btn-primary px-4 py-1.5 text-xs" onClick={onDone}>
          {t('tfa.saved')}
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
  const t = useT();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setError(t('twoFactor.digits'));
    setError(undefined);
    enable.mutate(typed, {
      onSuccess: (answer) => {
        toast.success(t('tfa.on'));
        onEnabled(answer.recoveryCodes);
      },
      onError: (err) => setError(errorMessage(err, t('tfa.onFailed'))),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('tfa.turnOnForm')}>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-600">
        <li>{t('tfa.step1')}</li>
        <li>{t('tfa.step2')}</li>
        <li>{t('tfa.step3')}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        <QrCode text={setup.otpauthUrl} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-stone-700">{t('tfa.key')}</p>
          <p className="break-words font-mono text-sm text-ink" data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <TextField
        label={t('twoFactor.code')}
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
          {enable.isPending ? t('twoFactor.checking') : t('tfa.turnOn')}
        </button>
        <button type="button" className="btn-ghost px-4" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}

function TurnOff({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !code.trim()) return setError(t('tfa.needBoth'));
    setError(undefined);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onCancel();
        },
        onError: (err) => setError(errorMessage(err, t('tfa.offFailed'))),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md" aria-label={t('tfa.turnOffForm')}>
      <TextField
        label={t('form.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label={t('tfa.codeOrRecovery')}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-6" disabled={disable.isPending}>
          {disable.isPending ? t('tfa.turningOff') : t('tfa.turnOffForm')}
        </button>
        <button type="button" className="btn-ghost px-4" onClick={onCancel}>
          {t('tfa.keepOn')}
        </button>
      </div>
    </form>
  );
}

/** The Security panel's two-factor part: turn it on (QR code, key, first code, recovery codes) or off. */
export function TwoFactorPanel() {
  const t = useT();
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
      onError: (err) => toast.error(errorMessage(err, t('tfa.startFailed'))),
    });
  }

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (status.isPending) {
    body = <p className="text-sm text-stone-500">{t('tfa.loading')}</p>;
  } else if (status.isError) {
    body = <p className="text-sm text-red-700">{t('tfa.loadFailed')}</p>;
  } else if (status.data.enabled) {
    body = turningOff ? (
      <TurnOff onCancel={() => setTurningOff(false)} />
    ) : (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-700">
          <span className="mr-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
            {t('tfa.onBadge')}
          </span>
          {t.n('tfa.asks', status.data.recoveryCodesLeft)}
        </p>
        <button type="button" className="btn-outline px-4 py-1.5 text-xs" onClick={() => setTurningOff(true)}>
          {t('tfa.turnOff')}
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
            {t('tfa.adminNeeds')}
          </p>
        ) : null}
        <p className="text-sm text-stone-600">{t('tfa.intro')}</p>
        <button
          type="button"
          className="btn-primary justify-self-start px-6"
          disabled={start.isPending}
          onClick={begin}
        >
          {start.isPending ? t('tfa.starting') : t('tfa.turnOnForm')}
        </button>
      </div>
    );
  }

  return (
    <div id="two-factor" className="grid gap-3">
      <h3 className="font-display text-lg font-semibold text-ink">{t('tfa.heading')}</h3>
      {body}
    </div>
  );
}
