import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_HINT,
  closeSupportChat,
  currentSupportChat,
  openSupportChat,
  readChatHint,
  setChatHint,
  setSupportUnread,
  toggleSupportChat,
} from '../../app/features/support/support-shell';
import { memoryStorage } from './support/memory-storage';

/** A button that had the focus (what opened the chat). */
const opener = () => ({ isConnected: true, focus: vi.fn() }) as unknown as HTMLElement & { focus: () => void };

describe('support chat state', () => {
  afterEach(() => {
    closeSupportChat();
    setSupportUnread(0);
    vi.unstubAllGlobals();
  });

  it('is one chat for every button: a second button toggles the chat the first opened', () => {
    const header = opener();
    openSupportChat(header);
    expect(currentSupportChat().open).toBe(true);
    // The bookmark's tab (or the header's button again) closes it.
    toggleSupportChat(opener());
    expect(currentSupportChat().open).toBe(false);
    toggleSupportChat(header);
    expect(currentSupportChat().open).toBe(true);
  });

  it('gives the focus back to what opened the chat when Escape or the close button close it', () => {
    const button = opener();
    openSupportChat(button);
    closeSupportChat(true);
    expect(button.focus).toHaveBeenCalledTimes(1);
    // Closed by its button again (a toggle): the focus stays on that button, nothing moves it.
    const again = opener();
    openSupportChat(again);
    closeSupportChat(false);
    expect(again.focus).not.toHaveBeenCalled();
  });

  it("keeps the visitor's hint in the browser, so that the next page loads the chat for the counter", () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    setChatHint(true);
    expect(storage.items.get(CHAT_HINT)).toBe('1');
    setChatHint(false);
    expect(storage.items.has(CHAT_HINT)).toBe(false);
    storage.items.set(CHAT_HINT, '1');
    readChatHint();
    expect(currentSupportChat().chatted).toBe(true);
    storage.items.delete(CHAT_HINT);
    readChatHint();
    expect(currentSupportChat().chatted).toBe(false);
  });
});
