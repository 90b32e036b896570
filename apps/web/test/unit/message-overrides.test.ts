/**
 * The CMS's translation overrides over the bundled messages (docs/cms.md "Translations"): set at
 * their dot path on a copy, never over a group of texts; fetched per language of the bundle; a
 * failed fetch leaves the bundled texts.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  messageBundle,
  messageBundleWithOverrides,
  messagesOf,
  messagesWithOverrides,
  withOverrides,
} from '../../app/features/i18n/messages.server';

/** An in-process API answering the overrides of each language from `byLang`. */
const apiOf = (byLang: Record<string, Record<string, string>>) =>
  (async (input: RequestInfo | URL) => {
    const lang = new URL(String(input), 'http://x').searchParams.get('l') ?? '';
    return Response.json(byLang[lang] ?? {});
  }) as typeof fetch;

describe('translation overrides', () => {
  it('set each text at its dot path on a copy, and never replace a group', () => {
    const bundled = { header: { deposit: 'Deposit', menu: { open: 'Open' } }, title: 'Orbit' };
    const merged = withOverrides(bundled, {
      'header.deposit': 'Top up',
      header: 'x',
      'header.menu': 'y',
      'new.key': 'N',
    });
    expect(merged).toEqual({
      header: { deposit: 'Top up', menu: { open: 'Open' } },
      title: 'Orbit',
      new: { key: 'N' },
    });
    expect(bundled.header.deposit).toBe('Deposit');
    expect(withOverrides(bundled, {})).toBe(bundled);
  });

  it('are merged into /messages/<lang>.json and the page’s bundle; without any the shared bundle serves', async () => {
    const api = apiOf({ de: { 'header.openMenu': 'Menü aufklappen' } });
    const de = await messagesWithOverrides('de', api);
    expect((de!.header as Record<string, string>).openMenu).toBe('Menü aufklappen');
    expect((messagesOf('de')!.header as Record<string, string>).openMenu).not.toBe('Menü aufklappen');
    const bundle = await messageBundleWithOverrides('de', api);
    expect((bundle.de!.header as Record<string, string>).openMenu).toBe('Menü aufklappen');
    // The same overrides again: the same merged bundle (its translator is shared).
    expect(await messageBundleWithOverrides('de', api)).toBe(bundle);
    expect(await messageBundleWithOverrides('it', api)).toBe(messageBundle('it'));
  });

  it('a failed fetch leaves the bundled texts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = (async () => new Response('no', { status: 500 })) as typeof fetch;
    expect(await messagesWithOverrides('it', down)).toEqual(messagesOf('it'));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
