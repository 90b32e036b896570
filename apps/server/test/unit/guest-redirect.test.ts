/** Where guest mode sends a page request (platform/http/web.ts; docs/licences.md "The legal block and guest mode"). */
import { describe, expect, it } from 'vitest';
import { guestRedirect } from '../../src/platform/http/web';

describe('guestRedirect', () => {
  it('moves a guest-mode visitor under /guest/, the query kept', () => {
    expect(guestRedirect('/pokies/all?page=2', true)).toBe('/guest/pokies/all?page=2');
    expect(guestRedirect('/', true)).toBe('/guest');
    expect(guestRedirect('/?a=1', true)).toBe('/guest?a=1');
    expect(guestRedirect('/guest/pokies/all', true)).toBeNull();
    expect(guestRedirect('/guestbook', true)).toBe('/guest/guestbook');
  });

  it('moves anyone else out of /guest/', () => {
    expect(guestRedirect('/guest/pokies/all?page=2', false)).toBe('/pokies/all?page=2');
    expect(guestRedirect('/guest', false)).toBe('/');
    expect(guestRedirect('/pokies/all', false)).toBeNull();
  });

  it("leaves the router's data and manifest requests and files where they are asked", () => {
    expect(guestRedirect('/pokies/all.data', true)).toBeNull();
    expect(guestRedirect('/__manifest?paths=/x', true)).toBeNull();
    expect(guestRedirect('/messages/de.json', true)).toBeNull();
    expect(guestRedirect('/guest/pokies/all.data', false)).toBeNull();
  });
});
