import { IconFrame } from '../../ui/icon-frame';

/**
 * The gifts' two icons (the ui kit's `gift` and `sparkles` drawings, in its frame). Kept here rather
 * than taken from `ui/icons`: importing the kit from the player's header made the bundler split it out of the
 * lobby's first JavaScript into a file of its own, one more request and ~0.15 KB gzip over the
 * lobby's budget (docs/performance.md).
 */
export function GiftIcon({ name, size = 20 }: { name: 'gift' | 'sparkles'; size?: number }) {
  return (
    <IconFrame size={size}>
      {name === 'gift' ? (
        <>
          <rect x="4" y="9" width="16" height="11" rx="1.5" />
          <path d="M3 9h18M12 9v11M12 9c-1-3-5-4.5-5.5-2S9.5 9 12 9c2.5 0 6-0 5.5-2.5S13 6 12 9z" />
        </>
      ) : (
        <path d="M12 3l1.8 5.7L19.5 10.5l-5.7 1.8L12 18l-1.8-5.7L4.5 10.5l5.7-1.8zM18.5 16l.7 2.3 2.3.7-2.3.7-.7 2.3-.7-2.3-2.3-.7 2.3-.7z" />
      )}
    </IconFrame>
  );
}
