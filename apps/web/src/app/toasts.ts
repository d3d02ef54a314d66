import type { ToasterProps } from 'react-hot-toast';

/**
 * The toast rules: success 2000 ms, error and blank 4000 ms, loading until dismissed. react-hot-toast
 * keeps at most 20 toasts (its TOAST_LIMIT), as the seed asks.
 */
export const TOAST_OPTIONS: ToasterProps['toastOptions'] = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  style: { borderRadius: '9999px', fontSize: '14px', padding: '10px 16px' },
  ariaProps: { role: 'status', 'aria-live': 'polite' },
};
