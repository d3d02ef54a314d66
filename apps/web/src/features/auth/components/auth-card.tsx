import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/logo';
import { useT } from '../../../i18n/i18n';

/** The frame of every account screen: a warm brand panel beside the form on wide screens, the form alone on a phone. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <div className="card grid overflow-hidden md:grid-cols-[1fr_1.15fr]">
        <div className="relative hidden flex-col justify-between bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 p-8 text-white md:flex">
          <div className="flex items-center gap-2">
            <LogoMark size={36} />
            <span className="font-display text-2xl font-bold">Urembo</span>
          </div>
          <div>
            <p className="font-display text-3xl font-semibold leading-tight">{t('authCard.tagline')}</p>
            <ul className="mt-6 space-y-2 text-sm text-brand-100">
              <li>{t('authCard.mpesa')}</li>
              <li>{t('authCard.delivery')}</li>
              <li>{t('authCard.track')}</li>
            </ul>
          </div>
          <p className="text-xs text-brand-200">{t('authCard.karibu')}</p>
        </div>
        <div className="p-6 sm:p-8">
          <h1 className="font-display text-3xl font-semibold text-brand-800">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm leading-relaxed text-stone-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
          {footer ? (
            <div className="mt-6 border-t border-stone-100 pt-5 text-sm text-stone-600">{footer}</div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
