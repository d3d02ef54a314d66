import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/i18n';

interface State {
  failed: boolean;
}

/**
 * What shows when a screen fails to render or its code cannot load (the network dropped, a new deploy replaced an
 * old chunk): a way to try again instead of a blank page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="font-display text-3xl font-semibold text-brand-800">{t('shell.error.title')}</h1>
        <p className="mt-3 text-stone-600">{t('shell.error.body')}</p>
        <div className="mt-8 flex justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            {t('shell.error.retry')}
          </button>
          <a href="/" className="btn-outline">
            {t('nav.home')}
          </a>
        </div>
      </section>
    );
  }
}
