import { Link } from 'wouter';
import { useT } from '../i18n/i18n';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#8a2c4f" />
      <g fill="#fbe3ea">
        <ellipse cx="32" cy="20" rx="7" ry="11" />
        <ellipse cx="32" cy="44" rx="7" ry="11" />
        <ellipse cx="20" cy="32" rx="11" ry="7" />
        <ellipse cx="44" cy="32" rx="11" ry="7" />
      </g>
      <circle cx="32" cy="32" r="6" fill="#e8a33d" />
    </svg>
  );
}

export function Logo() {
  const t = useT();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={t('shell.logoHome')}>
      <LogoMark />
      <span className="font-display text-2xl font-bold tracking-tight text-brand-800">Urembo</span>
    </Link>
  );
}
