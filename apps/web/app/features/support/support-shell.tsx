/**
 * The support chat's part of the page's first JavaScript (docs/rules/page-shell.md "Support
 * chat"). The chat's code, loaded on demand, imports nothing from here: the host hands it the
 * store's doors (`ChatPort`, `thread.ts`) and the player's header gets its buttons from the shell
 * layout, so this module stays in the shell layout's chunk (a module shared with a lazily loaded
 * one would be a file of its own in the lobby's list).
 *
 * - The chat's one piece of shared state: whether it is open, the unread answers the buttons
 *   count, and whether this browser's visitor has chatted. Every button, the `/support` page and
 *   the addresses that open the chat go through it, so all of them open the same widget. The
 *   conversation itself is kept by the chat's code (`thread.ts`).
 * - `SupportButton`: the header's button, for visitors and players (by the notifications' bell),
 *   and the bookmark widget's tab on wide screens. Both open and close the same chat and show the
 *   unread answers: "1", or "1+" for more. A phone has no room for a player's in the header's row
 *   (as for the gifts): `SupportMenuItem` in the player menu and `SupportBadge`, the counter on the
 *   menu's button, stand in for it there.
 * - `SupportHost`: where the chat lives in the page (the shell layout draws it in the page, not in
 *   the header, whose backdrop filter would hold the panel's fixed box). Its code comes on demand:
 *   once a player is signed in (the unread counter, the answers live), once this browser's visitor
 *   has chatted (the hint below), or when the chat is first opened; a guest who never chats loads
 *   none of it. It also opens the chat from the address: `#support` at once, `#chat` after a
 *   second; the hash then leaves the address (a reload does not open it again, the same link still
 *   works).
 */
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Icon } from '../../ui/icons';
import { chatHashDelay, supportCounterText } from './header-rules';
import type { ChatPort } from './thread';
import './support.css';

const SupportLive = lazy(() => import('./support-live'));

// ---- the chat's state ----------------------------------------------------------------------------

export type SupportChatState = {
  open: boolean;
  /** The operators' answers not seen yet (the conversation's `unread`). */
  unread: number;
  /** A visitor of this browser has a conversation (its chat cookie is HttpOnly: this hint tells). */
  chatted: boolean;
};

/**
 * Kept in localStorage once a visitor has a conversation (their first message, a chat code
 * entered), dropped when it moves to a player or is gone: only then does a guest's page load
 * the conversation for the counter and listen for answers.
 */
export const CHAT_HINT = 'orbit_chat';
/** The chat panel's element id (the buttons' `aria-controls`). */
export const SUPPORT_PANEL_ID = 'support-chat';

const INITIAL: SupportChatState = { open: false, unread: 0, chatted: false };
let state = INITIAL;
/** What had the focus when the chat opened: it gets it back when the chat closes. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<SupportChatState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export function openSupportChat(from?: HTMLElement | null): void {
  if (state.open) return;
  opener = from ?? (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  set({ open: true });
}

/** Closes the chat; `refocus`: the focus goes back to what opened it (Escape, the close button). */
export function closeSupportChat(refocus = false): void {
  if (!state.open) return;
  set({ open: false });
  const back = opener;
  opener = null;
  if (refocus && back?.isConnected) back.focus();
}

export function toggleSupportChat(from?: HTMLElement | null): void {
  if (state.open) closeSupportChat();
  else openSupportChat(from);
}

export function setSupportUnread(unread: number): void {
  if (state.unread !== unread) set({ unread });
}

/** Reads the visitor's hint (after hydration: the server renders without it). */
export function readChatHint(): void {
  let chatted = false;
  try {
    chatted = window.localStorage.getItem(CHAT_HINT) === '1';
  } catch {
    // Storage refused (private mode): the guest's chat then loads when opened.
  }
  if (state.chatted !== chatted) set({ chatted });
}

export function setChatHint(chatted: boolean): void {
  try {
    if (chatted) window.localStorage.setItem(CHAT_HINT, '1');
    else window.localStorage.removeItem(CHAT_HINT);
  } catch {
    // Storage refused: the hint lives as long as the page.
  }
  if (state.chatted !== chatted) set({ chatted });
}

export function currentSupportChat(): SupportChatState {
  return state;
}

export function useSupportChat(): SupportChatState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => INITIAL,
  );
}

// ---- the buttons and the host -------------------------------------------------------------------

export function SupportButton({ variant = 'header' }: { variant?: 'header' | 'bookmark' }) {
  const { open, unread } = useSupportChat();
  const label = useSupportLabel(unread);
  const count = supportCounterText(unread);
  const header = variant === 'header';
  return (
    <button
      type="button"
      className={header ? 'icon-button support-button' : 'bookmarks__tab support-tab'}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? SUPPORT_PANEL_ID : undefined}
      data-testid={header ? 'support-button' : 'bookmark-support'}
      onClick={(event) => toggleSupportChat(event.currentTarget)}
    >
      <Icon name="chat" size={header ? 20 : 16} />
      {count ? (
        <span className="icon-button__count" aria-hidden="true" data-testid={header ? 'support-count' : undefined}>
          {count}
        </span>
      ) : null}
    </button>
  );
}

/** What the chat's code may do to the state (handed over, not imported: see above). */
const port: ChatPort = {
  setUnread: setSupportUnread,
  setChatted: setChatHint,
  chatted: () => state.chatted,
  close: closeSupportChat,
  panelId: SUPPORT_PANEL_ID,
};

/** The label that names the chat's buttons, with the unread answers when there are some. */
function useSupportLabel(unread: number): string {
  const { t } = useI18n();
  return unread > 0 ? t('support.button.labelUnread', { count: unread }) : t('support.button.label');
}

/** The player menu's entry (phones reach the chat there): it closes the menu and opens the chat. */
export function SupportMenuItem() {
  const { t } = useI18n();
  const { unread } = useSupportChat();
  const label = useSupportLabel(unread);
  const count = supportCounterText(unread);
  return (
    <button
      type="button"
      className="support-menu-item"
      aria-label={label}
      data-testid="menu-support"
      onClick={(event) => {
        const menu = event.currentTarget.closest('details');
        menu?.removeAttribute('open');
        // The focus comes back to the menu's button (this entry is hidden with the menu).
        openSupportChat(menu?.querySelector('summary') ?? event.currentTarget);
      }}
    >
      {t('support.button.label')}
      {count ? (
        <span className="support-menu-item__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}

/** The unread counter on the player menu's button, where the header has no room for the chat's button (phones). */
export function SupportBadge() {
  const count = supportCounterText(useSupportChat().unread);
  return count ? (
    <span className="icon-button__count support-badge" aria-hidden="true" data-testid="support-badge">
      {count}
    </span>
  ) : null;
}

export function SupportHost() {
  const { player } = useSession();
  const { open, chatted } = useSupportChat();
  // Once opened, the chat's code stays for the page (its conversation with it).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  useEffect(() => readChatHint(), [player]);
  useChatAddress();
  if (!player && !chatted && !open && !opened) return null;
  return (
    <Suspense fallback={null}>
      <SupportLive open={open} port={port} />
    </Suspense>
  );
}

/** `#support` and `#chat` in the address open the chat (routes-and-guards.md "Popups"). */
function useChatAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const delay = chatHashDelay(location.hash);
    if (delay === null) return;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: '' },
      { replace: true, preventScrollReset: true, state: location.state },
    );
    clearTimeout(timer.current);
    // Not cleared when the address changes (taking the hash out changes it): only when the page goes.
    timer.current = setTimeout(() => openSupportChat(null), delay);
  }, [location, navigate]);
}
