import type { Licence } from '@orbit/contracts';

/** Licence seal, age notice and trust marks of the footer: inline SVG marks with text beside them. */
function ShieldMark({ color }: { color: string }) {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l8 3v6c0 5-3.6 8.7-8 10.5-4.4-1.8-8-5.5-8-10.5v-6z"
        fill="none"
        stroke={color}
        strokeWidth="1.8"
      />
      <path
        d="M8.5 12l2.5 2.5 4.5-5"
        fill="none"
        stroke={color}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AgeBadge({ age }: { age: number }) {
  return (
    <svg className="trust-age" viewBox="0 0 44 44" width="44" height="44" role="img" aria-label={`${age}+`}>
      <circle cx="22" cy="22" r="20" fill="none" stroke="#ff5470" strokeWidth="3" />
      <text
        x="22"
        y="27"
        textAnchor="middle"
        fontSize="14"
        fontWeight="800"
        fill="#ff5470"
        fontFamily="system-ui, sans-serif"
      >{`${age}+`}</text>
    </svg>
  );
}

/**
 * Each licence's seal (docs/licences.md "Footer"): its colour and the letters drawn in it. CW keeps
 * the shield it always had; the Curaçao Gaming Control Board, Estonia's tax board and the Australian
 * variant have a round seal with their letters.
 */
const SEALS: Record<Licence, { color: string; letters: string | null }> = {
  CW: { color: '#34d399', letters: null },
  EE: { color: '#4da3ff', letters: 'EMTA' },
  GCB: { color: '#2dd4bf', letters: 'GCB' },
  AU: { color: '#fbbf24', letters: 'AU' },
};

function LicenceSeal({ licence }: { licence: Licence }) {
  const { color, letters } = SEALS[licence];
  if (letters === null) return <ShieldMark color={color} />;
  return (
    <svg className="trust-seal" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="none" stroke={color} strokeWidth="1.8" />
      <circle cx="16" cy="16" r="11" fill="none" stroke={color} strokeWidth="0.8" strokeDasharray="1.5 1.5" />
      <text
        x="16"
        y="19"
        textAnchor="middle"
        fontSize={letters.length > 3 ? 6.5 : 8}
        fontWeight="800"
        fill={color}
        fontFamily="system-ui, sans-serif"
      >
        {letters}
      </text>
    </svg>
  );
}

type TrustBadgesProps = {
  licence: Licence;
  minimumAge: number;
  labels: { licence: string; licenceLine: string; responsible: string; secure: string; fair: string };
};

export function TrustBadges({ licence, minimumAge, labels }: TrustBadgesProps) {
  const badges = [
    {
      key: 'licence',
      title: labels.licence,
      line: labels.licenceLine,
      color: SEALS[licence].color,
    },
    { key: 'responsible', title: labels.responsible, line: 'RG', color: '#f5b84b' },
    { key: 'secure', title: labels.secure, line: 'TLS', color: '#34d399' },
    { key: 'fair', title: labels.fair, line: 'RNG', color: '#a78bfa' },
  ];
  return (
    <ul className="footer__badges" aria-label={labels.licence} data-licence={licence}>
      <li>
        <AgeBadge age={minimumAge} />
      </li>
      {badges.map((b) => (
        <li
          key={b.key}
          className="trust-badge"
          data-badge={b.key}
          data-seal={b.key === 'licence' ? licence : undefined}
        >
          {b.key === 'licence' ? <LicenceSeal licence={licence} /> : <ShieldMark color={b.color} />}
          <span>
            <strong>{b.title}</strong>
            <small>{b.line}</small>
          </span>
        </li>
      ))}
    </ul>
  );
}
