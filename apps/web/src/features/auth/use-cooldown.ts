import { useCallback, useEffect, useState } from 'react';

/** The two fixed keys that keep each resend button's cool-down across reloads. */
export const COOLDOWN_KEYS = {
  email: 'urembo:email-token-resend-until',
  phone: 'urembo:phone-token-resend-until',
} as const;

function readExpiry(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > Date.now() ? value : 0;
  } catch {
    return 0;
  }
}

/** Starts a cool-down outside the screen (e.g. sign-up has just mailed the first code). */
export function startCooldown(key: string, seconds: number): void {
  try {
    localStorage.setItem(key, String(Date.now() + seconds * 1000));
  } catch {
    // Storage may be unavailable (private mode): the server still enforces the cool-down.
  }
}

/**
 * A resend button's cool-down: the expiry is stored in localStorage under a fixed key, so the countdown survives a
 * reload, and the seconds left tick down once a second.
 */
export function useResendCooldown(key: string) {
  const [until, setUntil] = useState(() => readExpiry(key));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        clearInterval(timer);
        try {
          localStorage.removeItem(key);
        } catch {
          // ignore
        }
        setUntil(0);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [key, until]);

  const start = useCallback(
    (seconds: number) => {
      startCooldown(key, seconds);
      setNow(Date.now());
      setUntil(readExpiry(key) || Date.now() + seconds * 1000);
    },
    [key],
  );

  const clear = useCallback(() => {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
    setUntil(0);
  }, [key]);

  const secondsLeft = until > now ? Math.ceil((until - now) / 1000) : 0;
  return { secondsLeft, start, clear };
}
