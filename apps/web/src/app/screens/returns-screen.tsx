import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { BANNED_SUBSTANCES } from '@urembo/contract/product-facts';
import { MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, WhatsAppIcon } from '../../components/icons';
import { useT } from '../../i18n/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SHOP } from '../shop-info';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="font-display text-2xl font-semibold text-brand-800">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

/** The other names an ingredient list may give a banned substance ("mercuric", "calomel"…). */
function otherNames(substance: (typeof BANNED_SUBSTANCES)[number]): string[] {
  return substance.words.filter((w) => w !== substance.substance && w !== `${substance.substance}s`);
}

/**
 * /returns: how to send something back and how to tell a genuine product, in plain words, for a shopper deciding
 * whether to trust the shop. The return window and the contacts come from the settings (RETURN_DAYS, SHOP_PHONE,
 * SHOP_EMAIL); what it says of returns is what the order page and the admin's Returns screen do. Its texts are the
 * catalogues' `returnsPage.` group, which names the order page's link and button as those screens do (docs/i18n.md).
 */
export default function ReturnsScreen() {
  const t = useT();
  useDocumentTitle(t('returnsPage.title'));
  const config = usePublicConfig().data;
  const days = config?.returnDays;
  const daysText = days === undefined ? '' : t.n('returnsPage.days', days);
  const phone = config?.shop.phone;
  const bold = (words: ReactNode) => <strong className="text-ink">{words}</strong>;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-4 pt-6 sm:pt-10">
      <header>
        <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">
          {t('returnsPage.title')}
        </h1>
        <p className="mt-2 text-stone-600">{t('returnsPage.intro')}</p>
      </header>

      <ul className="mt-6 grid gap-3 sm:grid-cols-3" aria-label={t('returnsPage.inShort')}>
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">{daysText}</p>
          <p className="text-sm text-stone-700 sm:mt-1">{t('returnsPage.daysNote')}</p>
        </li>
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">M-Pesa</p>
          <p className="text-sm text-stone-700 sm:mt-1">{t('returnsPage.mpesaNote')}</p>
        </li>
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">KEBS · PPB</p>
          <p className="text-sm text-stone-700 sm:mt-1">{t('returnsPage.registrationNote')}</p>
        </li>
      </ul>

      <div className="mt-6 space-y-5">
        <Section id="how-to-return" title={t('returnsPage.howTo', { days: daysText })}>
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              {t.rich(
                'returnsPage.howTo1',
                { days: daysText },
                {
                  link: (words) => (
                    <Link to="/orders/delivered" className="font-semibold text-brand-700 underline">
                      {words}
                    </Link>
                  ),
                  b: bold,
                },
              )}
            </li>
            <li>{t('returnsPage.howTo2')}</li>
            <li>{t('returnsPage.howTo3')}</li>
          </ol>
          <p>{t('returnsPage.refundAmount')}</p>
        </Section>

        <Section id="cannot-return" title={t('returnsPage.cannot')}>
          <p>{t('returnsPage.cannot1')}</p>
          <p>{t('returnsPage.cannot2')}</p>
        </Section>

        <Section id="refunds" title={t('returnsPage.money')}>
          <p>{t('returnsPage.money1')}</p>
          <p>{t('returnsPage.money2')}</p>
        </Section>

        <Section id="genuine" title={t('returnsPage.genuine')}>
          <p>{t.rich('returnsPage.genuineIntro', {}, { b: bold })}</p>
          <ul className="space-y-2">
            <li>{t.rich('returnsPage.registration', {}, { b: bold })}</li>
            <li>{t.rich('returnsPage.brand', {}, { b: bold })}</li>
            <li>{t.rich('returnsPage.bestBefore', {}, { b: bold })}</li>
            <li>{t.rich('returnsPage.ingredients', {}, { b: bold })}</li>
          </ul>
          <p className="flex gap-3 rounded-xl bg-gold-400/15 p-3 text-sm">
            <ShieldIcon width={20} height={20} className="mt-0.5 shrink-0 text-brand-700" />
            <span>
              {t.rich('returnsPage.banned', {
                // Substances are named as ingredient lists name them, in every language.
                substances: BANNED_SUBSTANCES.map((s, i) => {
                  const others = otherNames(s);
                  return (
                    <span key={s.substance}>
                      {i > 0 ? ` ${t('returnsPage.or')} ` : ''}
                      {bold(s.substance)}
                      {others.length > 0
                        ? ` ${t('returnsPage.alsoWritten', { names: others.join(', ') })}`
                        : ''}
                    </span>
                  );
                }),
              })}
            </span>
          </p>
        </Section>

        <Section id="contact" title={t('returnsPage.contact')}>
          <p>{t('returnsPage.contactIntro')}</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            <li className="flex h-6 items-center gap-2">
              <PhoneIcon width={18} height={18} className="shrink-0 text-brand-700" />
              {phone ? (
                <a href={`tel:+${phone}`} className="font-semibold text-brand-700 underline">
                  {formatPhoneForDisplay(phone)}
                </a>
              ) : null}
            </li>
            <li className="flex h-6 items-center gap-2">
              <WhatsAppIcon width={18} height={18} className="shrink-0 text-brand-700" />
              {phone ? (
                <a
                  href={`https://wa.me/${phone}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 underline"
                >
                  {t('returnsPage.whatsapp')}
                </a>
              ) : null}
            </li>
            <li className="flex h-6 items-center gap-2">
              <MailIcon width={18} height={18} className="shrink-0 text-brand-700" />
              {config ? (
                <a href={`mailto:${config.shop.email}`} className="font-semibold text-brand-700 underline">
                  {config.shop.email}
                </a>
              ) : null}
            </li>
            <li className="flex gap-2">
              <MapPinIcon width={18} height={18} className="mt-0.5 shrink-0 text-brand-700" />
              <span>
                {SHOP.address.slice(0, 2).join(', ')}
                <span className="block text-sm text-stone-500">{t('footer.hours')}</span>
              </span>
            </li>
          </ul>
        </Section>
      </div>
    </div>
  );
}
