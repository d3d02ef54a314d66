import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { AppRoutes } from './app/routes';
import { TOAST_OPTIONS } from './app/toasts';
import { createQueryClient } from './lib/query-client';
import './index.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster position="top-center" toastOptions={TOAST_OPTIONS} containerStyle={{ top: 72 }} />
    </QueryClientProvider>
  </StrictMode>,
);
