import { Link } from 'wouter';
import {
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  PinterestIcon,
  TelegramIcon,
  WhatsAppIcon,
  XIcon,
} from '../components/icons';
import { LogoMark } from '../components/logo';
import { usePublicConfig } from '../lib/public-config';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { SHOP } from './shop-info';

/** +254 700 123 456: how a shop writes its number for customers anywhere. */
function internationalPhone(canonical: string): string {
  return `+${canonical.slice(0, 3)} ${canonical.slice(3, 6)} ${canonical.slice(6, 9)} ${canonical.slice(9)}`;
}

export function Footer() {
  const t = useT();
  const contact = usePublicConfig().data?.shop;
  const social = [
    { href: SHOP.social.instagram, label: 'Instagram', icon: InstagramIcon },
    { href: SHOP.social.pinterest, label: 'Pinterest', icon: PinterestIcon },
    // Until the settings arrive the icon holds its place without a link.
    {
      href: contact ? `https://wa.me/${contact.whatsapp}` : undefined,
      label: 'WhatsApp',
      icon: WhatsAppIcon,
    },
    { href: SHOP.social.telegram, label: 'Telegram', icon: TelegramIcon },
    { href: SHOP.social.x, label: 'X', icon: XIcon },
  ];
  return (
    <footer className="mt-16 bg-brand-900 pb-20 text-brand-100 md:pb-0 [&_:focus-visible]:outline-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark size={36} />
            <span className="font-display text-2xl font-bold text-white">{SHOP.name}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-brand-200">{t('footer.about')}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t('footer.shop')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/shop" className="hover:text-white">
                {t('footer.allProducts')}
              </Link>
            </li>
            <li>
              <Link to="/orders/all" className="hover:text-white">
                {t('footer.trackOrders')}
              </Link>
            </li>
            <li>
              <Link to="/cart" className="hover:text-white">
                {t('footer.myCart')}
              </Link>
            </li>
            <li>
              <Link to="/profile" className="hover:text-white">
                {t('footer.myAccount')}
              </Link>
            </li>
            <li>
              <Link to="/returns" className="hover:text-white">
                {t('footer.returns')}
              </Link>
            </li>
          </ul>
        </div>
        <address className="not-italic">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t('footer.visit')}</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPinIcon width={18} height={18} className="mt-0.5 shrink-0" />
              <span>
                {SHOP.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </li>
            {/* Fixed heights: the settings arrive after the first paint and must not move anything. */}
            <li className="flex h-5 items-center gap-2">
              <PhoneIcon width={18} height={18} className="shrink-0" />
              {contact ? (
                <a href={`tel:+${contact.phone}`} className="hover:text-white">
                  {internationalPhone(contact.phone)}
                </a>
              ) : null}
            </li>
            <li className="flex h-5 items-center gap-2">
              <MailIcon width={18} height={18} className="shrink-0" />
              {contact ? (
                <a href={`mailto:${contact.email}`} className="hover:text-white">
                  {contact.email}
                </a>
              ) : null}
            </li>
          </ul>
        </address>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t('footer.follow')}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {social.map(({ href, label, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-800 text-brand-100 transition-colors hover:bg-brand-700 hover:text-white"
                >
                  <Icon width={20} height={20} />
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-brand-200">{t('footer.hours')}</p>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wider text-white">
            {t('lang.label')}
          </h2>
          <LanguageSwitch
            className="mt-2 -ml-2 text-sm"
            linkClassName="inline-flex min-h-10 items-center px-2 text-brand-100 hover:text-white"
          />
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-xs text-brand-300 sm:flex-row">
          {/* The server's year and the shopper's can differ for a few hours at New Year. */}
          <p suppressHydrationWarning>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <p>{t('footer.prices')}</p>
        </div>
      </div>
    </footer>
  );
}
