import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { BANNED_SUBSTANCES } from '@urembo/contract/product-facts';
import { MailIcon, MapPinIcon, PhoneIcon, ShieldIcon, WhatsAppIcon } from '../../components/icons';
import { usePublicConfig } from '../../lib/public-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SHOP } from '../shop-info';

const RETURNS_PAGE_TITLE = 'Returns and authenticity';

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
 * SHOP_EMAIL); what it says of returns is what the order page and the admin's Returns screen do.
 */
export default function ReturnsScreen() {
  useDocumentTitle(RETURNS_PAGE_TITLE);
  const config = usePublicConfig().data;
  const days = config?.returnDays;
  const daysText = days === undefined ? '' : `${days} ${days === 1 ? 'day' : 'days'}`;
  const phone = config?.shop.phone;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-4 pt-6 sm:pt-10">
      <header>
        <h1 className="font-display text-3xl font-bold text-brand-900 sm:text-4xl">
          Returns and authenticity
        </h1>
        <p className="mt-2 text-stone-600">
          Skin care you put on your face should be genuine, safe and fresh. Here is how we make sure of it,
          and what to do when something is not right.
        </p>
      </header>

      <ul className="mt-6 grid gap-3 sm:grid-cols-3" aria-label="In short">
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">{daysText}</p>
          <p className="text-sm text-stone-700 sm:mt-1">
            to ask for a return, from the day your order is delivered
          </p>
        </li>
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">M-Pesa</p>
          <p className="text-sm text-stone-700 sm:mt-1">is where your refund goes back to</p>
        </li>
        <li className="flex items-baseline gap-3 rounded-2xl bg-brand-50 px-4 py-3 sm:block sm:p-4">
          <p className="shrink-0 font-display text-2xl font-bold text-brand-800">KEBS · PPB</p>
          <p className="text-sm text-stone-700 sm:mt-1">registration shown on the product page</p>
        </li>
      </ul>

      <div className="mt-6 space-y-5">
        <Section id="how-to-return" title={`Returning items within ${daysText}`}>
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              Open the order in{' '}
              <Link to="/orders/delivered" className="font-semibold text-brand-700 underline">
                My Orders
              </Link>{' '}
              and tap <strong className="text-ink">Return items</strong>. Choose the items and how many, and
              tell us why. The button is there for {daysText} after we mark your order delivered.
            </li>
            <li>
              We look at every request and reply by SMS: approved (with where to bring or send the items) or
              not accepted, with our reason.
            </li>
            <li>
              When the items reach us, we check them, put them back in stock and send you an SMS that your
              refund is on its way. The order page shows each step too.
            </li>
          </ol>
          <p>
            The refund is the price you paid for the items you return (less their share of a discount code, if
            you used one). The delivery fee is not refunded.
          </p>
        </Section>

        <Section id="cannot-return" title="What we cannot take back">
          <p>
            For your safety and everyone else&apos;s, we do not take back make-up, skin care, hair care or
            fragrance that has been opened, used or had its seal broken: we could never sell it again. We
            decline such a request, unless the product was faulty, damaged or not what you ordered when it
            reached you.
          </p>
          <p>
            So check your parcel when it arrives. If a seal is broken, a bottle leaks or the product looks
            different from its picture, do not use it: ask for a return, say what is wrong, and send us a
            photo on WhatsApp.
          </p>
        </Section>

        <Section id="refunds" title="How your money comes back">
          <p>
            You paid with M-Pesa, so your refund goes back to M-Pesa, to the number you paid from, and you get
            M-Pesa&apos;s confirmation message.
          </p>
          <p>
            It is sent once the returned items are back with us: our SMS that day names the amount and your
            order number.
          </p>
        </Section>

        <Section id="genuine" title="How to tell a product is genuine">
          <p>
            We buy from the brand or its Kenyan distributor. Every product page tells you, under{' '}
            <strong className="text-ink">What&apos;s inside</strong>:
          </p>
          <ul className="space-y-2">
            <li>
              <strong className="text-ink">Registration</strong>: the Kenya Bureau of Standards (KEBS) permit
              or the Pharmacy and Poisons Board (PPB) registration number. It should match the number on the
              pack; you can check it with KEBS or the PPB.
            </li>
            <li>
              <strong className="text-ink">Brand</strong>: the name should be spelt exactly the same on the
              pack. Fakes often give themselves away in small things: a misspelt word, blurred print, a
              different cap or a missing batch number.
            </li>
            <li>
              <strong className="text-ink">Best before</strong>: the month shown (for example &quot;Best
              before 03/2027&quot;) is the earliest of the stock we hold. We never sell a product past that
              month: the shop refuses it at checkout.
            </li>
            <li>
              <strong className="text-ink">Ingredients</strong>: the full list as printed on the pack.
            </li>
          </ul>
          <p className="flex gap-3 rounded-xl bg-gold-400/15 p-3 text-sm">
            <ShieldIcon width={20} height={20} className="mt-0.5 shrink-0 text-brand-700" />
            <span>
              Substances banned in cosmetics in Kenya are never on sale here: a product whose ingredients name{' '}
              {BANNED_SUBSTANCES.map((s, i) => (
                <span key={s.substance}>
                  {i > 0 ? ' or ' : ''}
                  <strong className="text-ink">{s.substance}</strong>
                  {otherNames(s).length > 0 ? ` (also written ${otherNames(s).join(', ')})` : ''}
                </span>
              ))}{' '}
              cannot be put on sale in our shop.
            </span>
          </p>
        </Section>

        <Section id="contact" title="Talk to us">
          <p>Not sure about a product, or a return? Ask us before you open it.</p>
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
                  WhatsApp us
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
                <span className="block text-sm text-stone-500">{SHOP.hours}</span>
              </span>
            </li>
          </ul>
        </Section>
      </div>
    </div>
  );
}
