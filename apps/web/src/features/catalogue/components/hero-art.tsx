import { useT } from '../../../i18n/i18n';

/**
 * The home banner's illustration: a few of the shop's products on a podium, drawn inline (no picture to
 * download before the first paint).
 */
export function HeroArt({ className = '' }: { className?: string }) {
  const t = useT();
  return (
    <svg viewBox="0 0 480 400" className={className} role="img" aria-label={t('home.art')}>
      <defs>
        <linearGradient id="hero-glass" x1="0" x2="1">
          <stop offset="0" stopColor="#8a2c4f" />
          <stop offset="0.3" stopColor="#c94573" />
          <stop offset="1" stopColor="#6d2540" />
        </linearGradient>
        <linearGradient id="hero-gold" x1="0" x2="1">
          <stop offset="0" stopColor="#b7832f" />
          <stop offset="0.35" stopColor="#f3cf7a" />
          <stop offset="1" stopColor="#a8742a" />
        </linearGradient>
        <linearGradient id="hero-cream" x1="0" x2="1">
          <stop offset="0" stopColor="#e9d6c6" />
          <stop offset="0.3" stopColor="#fffaf5" />
          <stop offset="1" stopColor="#dcc3ae" />
        </linearGradient>
        <linearGradient id="hero-amber" x1="0" x2="1">
          <stop offset="0" stopColor="#c97a2b" />
          <stop offset="0.3" stopColor="#f2b366" />
          <stop offset="1" stopColor="#a65f1f" />
        </linearGradient>
        <radialGradient id="hero-shadow">
          <stop offset="0" stopColor="#4a1a2c" stopOpacity="0.28" />
          <stop offset="1" stopColor="#4a1a2c" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="250" cy="170" r="150" fill="#fbe3ea" />
      <circle cx="395" cy="70" r="46" fill="#f6c4d3" opacity="0.7" />
      <circle cx="70" cy="110" r="28" fill="#eab457" opacity="0.45" />
      {/* podium */}
      <ellipse cx="240" cy="352" rx="200" ry="26" fill="url(#hero-shadow)" />
      <rect x="70" y="300" width="340" height="48" rx="14" fill="#fffaf5" />
      <ellipse cx="240" cy="300" rx="170" ry="16" fill="#f6e9e1" />
      {/* lotion with pump */}
      <rect x="92" y="150" width="78" height="150" rx="20" fill="url(#hero-cream)" />
      <rect x="116" y="128" width="30" height="24" rx="4" fill="#8a2c4f" />
      <rect x="126" y="104" width="10" height="26" fill="#8a2c4f" />
      <rect x="110" y="96" width="60" height="12" rx="5" fill="#8a2c4f" />
      <rect x="104" y="196" width="54" height="62" rx="8" fill="#fff" opacity="0.9" />
      <rect x="114" y="214" width="34" height="4" rx="2" fill="#c94573" />
      <rect x="118" y="226" width="26" height="3" rx="1.5" fill="#d6c2b8" />
      {/* serum with dropper */}
      <rect x="186" y="118" width="92" height="182" rx="22" fill="url(#hero-glass)" />
      <rect x="214" y="94" width="36" height="28" rx="5" fill="url(#hero-gold)" />
      <rect x="221" y="42" width="22" height="56" rx="11" fill="#2b1a21" />
      <rect x="200" y="170" width="64" height="78" rx="10" fill="#fffaf5" />
      <text
        x="232"
        y="196"
        textAnchor="middle"
        fontSize="9"
        letterSpacing="2.5"
        fill="#8a2c4f"
        fontFamily="sans-serif"
      >
        UREMBO
      </text>
      <rect x="212" y="208" width="40" height="5" rx="2.5" fill="#2b1a21" opacity="0.75" />
      <rect x="216" y="220" width="32" height="4" rx="2" fill="#2b1a21" opacity="0.35" />
      <rect x="194" y="130" width="8" height="150" rx="4" fill="#fff" opacity="0.25" />
      {/* jar */}
      <rect x="288" y="240" width="104" height="60" rx="14" fill="url(#hero-amber)" />
      <rect x="282" y="222" width="116" height="26" rx="9" fill="url(#hero-gold)" />
      <rect x="310" y="256" width="60" height="30" rx="6" fill="#fffaf5" opacity="0.92" />
      {/* lipstick */}
      <rect x="404" y="230" width="34" height="70" rx="5" fill="#2b1a21" />
      <rect x="408" y="206" width="26" height="28" rx="3" fill="url(#hero-gold)" />
      <path d="M411 208 Q411 176 431 164 L431 208 Z" fill="#b3202e" />
      {/* sparkles */}
      <path d="M60 230 l5 12 12 5 -12 5 -5 12 -5 -12 -12 -5 12 -5z" fill="#e8a33d" />
      <path d="M420 140 l3 8 8 3 -8 3 -3 8 -3 -8 -8 -3 8 -3z" fill="#c94573" />
    </svg>
  );
}
