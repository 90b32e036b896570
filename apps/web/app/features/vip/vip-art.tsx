/**
 * A VIP status's emblem, drawn inline (no remote image, no emoji): a rising star for the first
 * status, a ringed planet in the status's metal for bronze to platinum, a cut diamond for the
 * last. Decoration only: the card names the status.
 */
const METALS: Record<string, [string, string]> = {
  bronze: ['#f0b27a', '#9c5b2a'],
  silver: ['#f1f4f8', '#8d96a8'],
  gold: ['#ffe08a', '#c98b12'],
  platinum: ['#e6f3ff', '#6f8fb0'],
};

export function VipEmblem({ status }: { status: string }) {
  const id = `vip-emblem-${status}`;
  const [light, dark] = METALS[status] ?? ['#c9b8ff', '#6a4fe0'];
  return (
    <svg
      className={`vip-emblem vip-emblem--${status}`}
      viewBox="0 0 120 90"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      data-testid="vip-emblem"
    >
      <defs>
        <radialGradient id={id} cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </radialGradient>
      </defs>
      <rect width="120" height="90" rx="10" fill="#141836" />
      <g fill="#fff" opacity="0.5">
        <circle cx="14" cy="14" r="1.2" />
        <circle cx="104" cy="18" r="1" />
        <circle cx="98" cy="76" r="1.3" />
        <circle cx="20" cy="72" r="1" />
      </g>
      {status === 'regular' ? (
        <g transform="translate(60 47)">
          <path d="M-34 26c14-6 22-14 30-26" fill="none" stroke="#8b7cff" strokeWidth="3" strokeLinecap="round" />
          <path
            d="M0-26l7 15 16 2-12 11 3 16-14-8-14 8 3-16-12-11 16-2z"
            fill={`url(#${id})`}
            stroke="#fff"
            strokeWidth="1.5"
          />
        </g>
      ) : status === 'diamond' ? (
        <g transform="translate(60 46)">
          <path d="M-26-14h52l12 12-38 34-38-34z" fill="#8fe3ff" stroke="#e9fbff" strokeWidth="1.5" />
          <path
            d="M-26-14l12 12h28l12-12M-38-2h76M-14-2l14 34 14-34M-14-2l14-12 14 12"
            fill="none"
            stroke="#2e9cc9"
            strokeWidth="1.4"
          />
          <path d="M-20-10l6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </g>
      ) : (
        <g transform="translate(60 45)">
          <ellipse rx="42" ry="10" fill="none" stroke={dark} strokeWidth="4" transform="rotate(-14)" opacity="0.7" />
          <circle r="24" fill={`url(#${id})`} />
          <path d="M-42 0a42 10 0 0 0 84 0" fill="none" stroke={light} strokeWidth="4" transform="rotate(-14)" />
        </g>
      )}
    </svg>
  );
}
