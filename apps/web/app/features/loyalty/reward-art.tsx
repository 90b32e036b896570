import { DEFAULT_RATE_IMAGE_KEY, RATE_IMAGE_KEYS, rateImageKey, type RewardCard } from './rules';

/**
 * A card's picture: the server's own when the rate names one, else the shop's drawing for the
 * rate's key (spec section 9: a picture per amount, the default key 25 for any other). Drawn
 * inline (no remote images): a stack of coins that grows with the amount, spins for free spins.
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
      ) : (
        <g className="shop-art__box">
          <rect x="52" y="38" width="56" height="40" rx="6" />
          <path d="M50 38h60M80 38v40M80 38c-6-16-24-16-18-4M80 38c6-16 24-16 18-4" />
        </g>
      )}
    </svg>
  );
}
