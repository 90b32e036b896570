import type { ReactNode } from 'react';

/**
 * The frame of every stroke icon: a 24×24 drawing in the text's colour, decorative (hidden from
 * screen readers). A module of its own, without the kit's drawings (`icons.tsx`): the player's
 * header draws its few icons (the gifts', the notifications' bell and kinds) in it without
 * bringing the kit's whole set. The kit's `Icon` and the game page's toolbar write the same frame
 * out: importing this module from the lobby's or the game page's code would put it in a file of
 * its own, one more in the lobby's first JavaScript (docs/performance.md).
 */
export function IconFrame({
  size,
  className,
  icon,
  children,
}: {
  size: number;
  className?: string | undefined;
  /** `data-icon`, for tests telling drawings apart. */
  icon?: string | undefined;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={icon}
    >
      {children}
    </svg>
  );
}
