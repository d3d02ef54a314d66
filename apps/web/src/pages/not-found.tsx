import { Link } from 'wouter';
import { useT } from '../i18n/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

/** Every unknown path: titled "Page Not Found · Urembo", with a way home. */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.heading'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <p className="font-display text-8xl font-bold text-brand-500">404</p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-brand-800">{t('notFound.heading')}</h1>
      <p className="mt-3 text-stone-600">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('nav.home')}
        </Link>
        <Link to="/shop" className="btn-outline">
          {t('notFound.browse')}
        </Link>
      </div>
    </section>
  );
}
