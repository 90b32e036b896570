import './ui.css';

/** A grey shimmering block standing in for content that is on its way. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span className={`skeleton ${className}`} aria-hidden="true" />;
}

/** Placeholder game tiles (same grid and proportions as the real ones, so nothing jumps). */
export function SkeletonTiles({ count, label }: { count: number; label?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="tile-skeleton" aria-hidden="true">
          <Skeleton className="tile-skeleton__cover" />
          <Skeleton className="tile-skeleton__line" />
          <Skeleton className="tile-skeleton__line tile-skeleton__line--short" />
        </li>
      ))}
      {label ? (
        <li className="visually-hidden" role="status">
          {label}
        </li>
      ) : null}
    </>
  );
}

/** A whole page of placeholders, shown while a client navigation loads the next list. */
export function SkeletonPage({ label }: { label: string }) {
  return (
    <div className="page skeleton-page" aria-busy="true">
      <Skeleton className="skeleton-page__title" />
      <ul className="tile-grid">
        <SkeletonTiles count={12} label={label} />
      </ul>
    </div>
  );
}
