import type { PromoKind } from './rules';

/**
 * A promotion card's picture, drawn inline (no remote image, no emoji): a trophy for a
 * tournament, a trail to a flag for a quest, a medal for an achievement, drawn balls and a ticket
 * for a lottery. Decoration only: the card's words say what it is.
 */
export function PromoArt({ kind }: { kind: PromoKind | 'lottery' }) {
  return (
    <svg
      className={`promo-art promo-art--${kind}`}
      viewBox="0 0 320 120"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      data-testid="promo-art"
    >
      <defs>
        <linearGradient id={`promo-sky-${kind}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1b1f4b" />
          <stop offset="1" stopColor={kind === 'lottery' ? '#3a1450' : kind === 'tournament' ? '#2b1d63' : '#4a2a12'} />
        </linearGradient>
        <linearGradient id={`promo-gold-${kind}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#e0a325" />
        </linearGradient>
      </defs>
      <rect width="320" height="120" rx="12" fill={`url(#promo-sky-${kind})`} />
      {/* A few stars, the same on every card. */}
      <g fill="#fff" opacity="0.55">
        <circle cx="24" cy="20" r="1.4" />
        <circle cx="62" cy="92" r="1" />
        <circle cx="120" cy="16" r="1.2" />
        <circle cx="286" cy="24" r="1.4" />
        <circle cx="300" cy="96" r="1" />
        <circle cx="222" cy="104" r="1.2" />
      </g>
      {kind === 'tournament' ? (
        <Trophy gold={`url(#promo-gold-${kind})`} />
      ) : kind === 'quest' ? (
        <Trail />
      ) : kind === 'achievement' ? (
        <Medal gold={`url(#promo-gold-${kind})`} />
      ) : (
        <Ticket />
      )}
    </svg>
  );
}

/** A tournament's trophy with its star. */
function Trophy({ gold }: { gold: string }) {
  return (
    <g transform="translate(160 60)">
      <path d="M-30-40h60v18c0 22-14 36-30 38-16-2-30-16-30-38z" fill={gold} stroke="#a8741a" strokeWidth="2" />
      <path d="M-30-30c-20 0-22 26 2 30M30-30c20 0 22 26-2 30" fill="none" stroke="#e0a325" strokeWidth="5" />
      <rect x="-6" y="16" width="12" height="14" fill="#e0a325" />
      <rect x="-22" y="30" width="44" height="10" rx="3" fill="#a8741a" />
      <path d="M0-30l5 10 11 1-8 7 3 11-11-6-11 6 3-11-8-7 11-1z" fill="#fff8e1" />
    </g>
  );
}

/** A quest's dotted trail through its stops to a flag. */
function Trail() {
  return (
    <g>
      <path
        d="M40 100c40-10 50-40 90-40s60 30 100 10 40-40 50-44"
        fill="none"
        stroke="#ffd166"
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      {[
        [40, 100],
        [130, 60],
        [230, 70],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="7" fill="#ffd166" stroke="#a8741a" strokeWidth="2" />
      ))}
      <g transform="translate(280 26)">
        <rect x="-2" y="0" width="4" height="50" fill="#e8ecf6" />
        <path d="M2 2h30l-8 10 8 10H2z" fill="#ef476f" />
      </g>
    </g>
  );
}

/** An achievement's medal on its ribbon. */
function Medal({ gold }: { gold: string }) {
  return (
    <g transform="translate(160 56)">
      <path d="M-22-46l14 34h16l14-34z" fill="#5b6cff" />
      <path d="M-8-46h16l-4 34h-8z" fill="#ef476f" />
      <circle r="30" cy="12" fill={gold} stroke="#a8741a" strokeWidth="3" />
      <circle r="21" cy="12" fill="none" stroke="#fff8e1" strokeWidth="2" opacity="0.8" />
      <path d="M0-2l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="#fff8e1" />
    </g>
  );
}

/** A lottery's ticket and drawn balls. */
function Ticket() {
  return (
    <g>
      <g transform="translate(70 30) rotate(-6)">
        <rect width="110" height="60" rx="8" fill="#fff3d6" />
        <path d="M82 0v60" stroke="#e0a325" strokeWidth="2" strokeDasharray="4 4" />
        <rect x="12" y="14" width="56" height="8" rx="4" fill="#e0a325" />
        <rect x="12" y="30" width="40" height="6" rx="3" fill="#c9b48a" />
        <rect x="12" y="42" width="48" height="6" rx="3" fill="#c9b48a" />
      </g>
      {[
        [206, 44, '#ef476f'],
        [236, 70, '#06d6a0'],
        [266, 42, '#ffd166'],
        [214, 88, '#5b6cff'],
      ].map(([x, y, colour]) => (
        <g key={String(colour)}>
          <circle cx={x} cy={y} r="14" fill={String(colour)} />
          <circle cx={x} cy={y} r="7" fill="#fff" opacity="0.9" />
        </g>
      ))}
    </g>
  );
}
