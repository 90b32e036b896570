import { DEFAULT_RATE_IMAGE_KEY, RATE_IMAGE_KEYS, rateImageKey, type RewardCard } from './rules';

/**
 * A card's picture: the server's own when the rate names one, else the shop's drawing for the
 * rate's key (spec section 9: a picture per amount, the default key 25 for any other). Drawn
 * inline (no remote images): a stack of coins that grows with the amount, reels for free spins, a
 * ticket and drawn balls for lottery tickets, a prize wheel for a wheel spin, a gift box otherwise.
 */
export function RewardArt({ card }: { card: RewardCard }) {
  const key = rateImageKey(card);
  if (card.image) {
    return <img className="shop-card__art" src={card.image} alt="" loading="lazy" data-image-key={key} />;
  }
  // Largest key first: the first (biggest) picture gets the tallest stack.
  const tier =
    key === DEFAULT_RATE_IMAGE_KEY ? 0 : RATE_IMAGE_KEYS.length - (RATE_IMAGE_KEYS as readonly number[]).indexOf(key);
  // The default picture is a small stack; each bigger key one coin more.
  const coins = Math.min(10, tier + 2);
  return (
    <svg
      className={`shop-card__art shop-card__art--${card.type}`}
      viewBox="0 0 160 100"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      data-image-key={key}
    >
      <rect width="160" height="100" rx="12" className="shop-art__bg" />
      {card.type === 'freespins' ? (
        <g className="shop-art__reels">
          {[0, 1, 2].map((i) => (
            <g key={i} transform={`translate(${38 + i * 30} 22)`}>
              <rect width="24" height="56" rx="5" />
              <text x="12" y="36" textAnchor="middle">
                7
              </text>
            </g>
          ))}
        </g>
      ) : card.type === 'money' ? (
        <g className="shop-art__coins">
          {Array.from({ length: coins }, (_, i) => (
            <ellipse key={i} cx={80 + (i % 2 ? 6 : -6) * (i > 3 ? 1 : 0)} cy={78 - i * 7} rx="26" ry="8" />
          ))}
        </g>
      ) : card.type === 'lotteries' ? (
        <g className="shop-art__lottery">
          <g transform="translate(26 30) rotate(-8)">
            <rect width="70" height="42" rx="6" className="shop-art__ticket" />
            <path d="M52 0v42" className="shop-art__perforation" />
            <rect x="8" y="10" width="36" height="6" rx="3" className="shop-art__ink" />
            <rect x="8" y="22" width="26" height="5" rx="2.5" className="shop-art__ink shop-art__ink--soft" />
          </g>
          {[
            [112, 34, 'a'],
            [128, 60, 'b'],
            [104, 74, 'c'],
          ].map(([x, y, tone]) => (
            <g key={tone}>
              <circle cx={x} cy={y} r="11" className={`shop-art__ball shop-art__ball--${tone}`} />
              <circle cx={x} cy={y} r="5" className="shop-art__ball-face" />
            </g>
          ))}
        </g>
      ) : card.group.includes('wheel') ? (
        <g className="shop-art__wheel" transform="translate(80 52)">
          {Array.from({ length: 8 }, (_, i) => (
            <path
              key={i}
              d="M0 0L0 -36A36 36 0 0 1 25.46 -25.46Z"
              transform={`rotate(${i * 45})`}
              className={`shop-art__slice shop-art__slice--${i % 2 ? 'b' : 'a'}`}
            />
          ))}
          <circle r="36" className="shop-art__rim" />
          <circle r="6" className="shop-art__hub" />
          <path d="M-6 -46h12l-6 12z" className="shop-art__pointer" />
        </g>
      ) : (
        <g className="shop-art__box">
          <rect x="52" y="38" width="56" height="40" rx="6" />
          <path d="M50 38h60M80 38v40M80 38c-6-16-24-16-18-4M80 38c6-16 24-16 18-4" />
        </g>
      )}
    </svg>
  );
}
