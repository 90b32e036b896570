/** Small inline icons (no icon font, no remote images). Decorative: hidden from screen readers. */
import type { ReactElement } from 'react';

const PATHS: Record<string, ReactElement> = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.6 2.6 2.6 14.4 0 17M12 3.5c-2.6 2.6-2.6 14.4 0 17" />
    </>
  ),
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8L3.5 9.7l5.9-.8z" />,
  flame: (
    <path d="M12 21c-3.9 0-6.5-2.6-6.5-6.1 0-3.7 3.2-5.7 3.6-9.4 2 1.2 3.3 3.2 3.5 5 .9-.6 1.6-1.7 1.8-3 2.3 1.9 4.1 4.5 4.1 7.4 0 3.5-2.6 6.1-6.5 6.1z" />
  ),
  sparkles: (
    <path d="M12 3l1.8 5.7L19.5 10.5l-5.7 1.8L12 18l-1.8-5.7L4.5 10.5l5.7-1.8zM18.5 16l.7 2.3 2.3.7-2.3.7-.7 2.3-.7-2.3-2.3-.7 2.3-.7z" />
  ),
  cards: (
    <>
      <rect x="4" y="5" width="11" height="15" rx="2" />
      <path d="M9 3.5h9a2 2 0 012 2V17" />
    </>
  ),
  live: (
    <>
      <circle cx="12" cy="12" r="2.5" />
      <path d="M7.8 7.8a6 6 0 000 8.4M16.2 7.8a6 6 0 010 8.4M5 5a10 10 0 000 14M19 5a10 10 0 010 14" />
    </>
  ),
  ball: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 8.2l3.3 2.4-1.3 3.9h-4l-1.3-3.9zM12 3.5v4.7M15.3 10.6l4.6-1.4M14 14.5l2.8 4M10 14.5l-2.8 4M8.7 10.6L4.1 9.2" />
    </>
  ),
  cherry: (
    <>
      <circle cx="7.5" cy="16.5" r="3.5" />
      <circle cx="16.5" cy="16.5" r="3.5" />
      <path d="M7.5 13c1-4 3.5-7 8-9.5M16.5 13c-.5-3.5-.5-6.5-1-9.5" />
    </>
  ),
  dice: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <circle cx="9" cy="9" r=".8" fill="currentColor" />
      <circle cx="15" cy="15" r=".8" fill="currentColor" />
      <circle cx="12" cy="12" r=".8" fill="currentColor" />
    </>
  ),
  grid: (
    <>
      <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
    </>
  ),
  trophy: <path d="M8 4h8v5a4 4 0 01-8 0zM8 6H5a3 3 0 003 4M16 6h3a3 3 0 01-3 4M12 13v4M8.5 20h7M10 17h4" />,
  gift: (
    <>
      <rect x="4" y="9" width="16" height="11" rx="1.5" />
      <path d="M3 9h18M12 9v11M12 9c-1-3-5-4.5-5.5-2S9.5 9 12 9c2.5 0 6-0 5.5-2.5S13 6 12 9z" />
    </>
  ),
  crown: <path d="M4 17.5L3 8l5 4 4-6.5 4 6.5 5-4-1 9.5zM5 20.5h14" />,
  rocket: (
    <>
      <path d="M14.5 4.5c2.5-.8 4.5-.8 5-.5.3.5.3 2.5-.5 5L13 15.5 8.5 11z" />
      <path d="M8.5 11l-3 .5-2 2.5 4 1M13 15.5l-.5 3-2.5 2-1-4M8 16l-2.5 2.5" />
    </>
  ),
  play: <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />,
  chevron: <path d="M9 6l6 6-6 6" />,
  home: <path d="M4 11l8-6.5 8 6.5M6.5 9.5V20h11V9.5" />,
  wallet: (
    <>
      <path d="M4 7.5h14.5a1.5 1.5 0 011.5 1.5v9.5a1.5 1.5 0 01-1.5 1.5h-13A1.5 1.5 0 014 18.5z" />
      <path d="M4 7.5L15.5 4v3.5M16 13.5h2" />
    </>
  ),
  ticket: <path d="M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4zM14 7v10" />,
  megaphone: <path d="M4 10v4h3l7 4V6l-7 4zM17 9.5a3.5 3.5 0 010 5M7 14l1 5h2.5l-1-5" />,
  chat: (
    <path d="M5 5.5h14a1.5 1.5 0 011.5 1.5v8.5a1.5 1.5 0 01-1.5 1.5h-7.5L7 20.5V17H5a1.5 1.5 0 01-1.5-1.5V7A1.5 1.5 0 015 5.5zM8 10h8M8 13h5" />
  ),
};

export type IconName = keyof typeof PATHS;

/**
 * The kit's icon. Its frame is `ui/icon-frame.tsx`'s, written out here: the shell's icons are in
 * the lobby's first JavaScript, and importing the frame from here would put it in a file of its
 * own there (one more request; the player's header shares it).
 */
export function Icon({ name, size = 20, className }: { name: string; size?: number; className?: string }) {
  const path = PATHS[name] ?? PATHS.grid;
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
    >
      {path}
    </svg>
  );
}
