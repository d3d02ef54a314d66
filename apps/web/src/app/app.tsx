import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { I18nProvider, type Translator } from '../i18n/i18n';
import { AppRoutes } from './routes';
import { TOAST_OPTIONS } from './toasts';

/**
 * The whole web app: the same tree in the browser (main.tsx) and on the server (entry-server.tsx), which renders a
 * visitor's first screen to HTML. `ssrPath` is the requested path and query on the server; unset in the browser.
 * `translator` speaks the page's language (i18n/).
 */
export function App({
  queryClient,
  translator,
  ssrPath,
}: {
  queryClient: QueryClient;
  translator: Translator;
  ssrPath?: string;
}) {
  return (
    <StrictMode>
      <I18nProvider translator={translator}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={ssrPath}>
            <AppRoutes />
          </Router>
          <Toaster position="top-center" toastOptions={TOAST_OPTIONS} containerStyle={{ top: 72 }} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
