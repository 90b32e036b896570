/**
 * The realtime gateway's parts without sockets: channel names, command frames, and the
 * instance's streams (what a returning client recovers, what it no longer can, when a topic is
 * let go).
 */
import { describe, expect, it } from 'vitest';
import { ChannelHub, type Publication, type Source } from '../../src/modules/realtime/hub';
import { parseFrame } from '../../src/modules/realtime/protocol';
import { parseChannel, playerTopic, privateChannelName, publishToPlayer } from '../../src/platform/realtime/channels';
import { MemoryPubSub } from '../../src/platform/realtime/pubsub';

describe('channel names', () => {
  it('knows the public and private channels of its client name only', () => {
    expect(parseChannel('orbit', 'ws:orbit:public:wins')).toEqual({ kind: 'public', name: 'wins' });
    expect(parseChannel('orbit', 'ws:orbit:balance#AbC_-9')).toEqual({
      kind: 'private',
      name: 'balance',
      user: 'AbC_-9',
    });
    for (const channel of [
      'ws:orbit:public:balance',
      'ws:orbit:wins#u',
      'ws:orbit:balance',
      'ws:orbit:balance#',
      'ws:orbit:balance#a#b',
      'ws:casino:public:wins',
      'public:wins',
    ])
      expect(parseChannel('orbit', channel), channel).toBeNull();
  });
});

describe('command frames', () => {
  it('reads newline-joined commands, and refuses a frame with anything else in it', () => {
    expect(
      parseFrame(
        '{"id":1,"connect":{"token":"t"}}\n\n{"id":2,"subscribe":{"channel":"c","recover":true,"offset":3,"epoch":"e"}}',
      ),
    ).toEqual([
      { id: 1, connect: { token: 't' } },
      { id: 2, subscribe: { channel: 'c', recover: true, offset: 3, epoch: 'e' } },
    ]);
    expect(parseFrame('{}')).toEqual([{}]);
    expect(parseFrame('{"id":1}\nnot json')).toBeNull();
    expect(parseFrame('[1]')).toBeNull();
    expect(parseFrame('{"id":"1"}')).toBeNull();
    expect(parseFrame('{"id":1,"subscribe":{"channel":""}}')).toBeNull();
  });
});

describe('the hub', () => {
  const limits = { historySize: 3, historyTtlMs: 60_000, retainMs: 60_000 };
  const channel = privateChannelName('orbit', 'balance', 'u1');
  const source: Source = { topic: playerTopic(1), channelOf: (event) => privateChannelName('orbit', event, 'u1') };

  function setup() {
    const pubsub = new MemoryPubSub();
    let now = 0;
    const hub = new ChannelHub(pubsub, () => now, limits);
    const publish = (n: number) => publishToPlayer(pubsub, 1, 'balance', { n });
    return { pubsub, hub, publish, advance: (ms: number) => (now += ms) };
  }
  const data = (publications: Publication[]) => publications.map((p) => p.data);

  it('hands a returning subscriber what it missed, while all of it is kept', async () => {
    const { hub, publish } = setup();
    const got: Publication[] = [];
    const first = await hub.join(source, channel, (p) => got.push(p), null);
    expect(first).toMatchObject({ offset: 0, recovered: false, publications: [] });
    await publish(1);
    expect(got.map((p) => p.offset)).toEqual([1]);
    first.leave();
    await publish(2);
    await publish(3);
    const back = await hub.join(source, channel, () => {}, { offset: 1, epoch: first.epoch });
    expect(back).toMatchObject({ epoch: first.epoch, offset: 3, recovered: true });
    expect(data(back.publications)).toEqual([{ n: 2 }, { n: 3 }]);
    const upToDate = await hub.join(source, channel, () => {}, { offset: 3, epoch: first.epoch });
    expect(upToDate).toMatchObject({ recovered: true, publications: [] });
  });

  it('recovers nothing from another epoch, a position ahead of the stream, too many or too old publications', async () => {
    const { hub, publish, advance } = setup();
    const joined = await hub.join(source, channel, () => {}, null);
    for (let n = 1; n <= 5; n++) await publish(n);
    const recover = (offset: number, epoch = joined.epoch) => hub.join(source, channel, () => {}, { offset, epoch });
    expect((await recover(2)).recovered).toBe(true); // 3, 4, 5 kept
    expect((await recover(1)).recovered).toBe(false); // 2 is gone: only three are kept
    expect((await recover(2, 'another')).recovered).toBe(false);
    expect((await recover(9)).recovered).toBe(false);
    advance(61_000);
    expect(await recover(4)).toMatchObject({ recovered: false, publications: [] });
  });

  it('keeps a topic nobody listens to for a while, then lets it go (and numbers anew)', async () => {
    const { pubsub, hub, publish, advance } = setup();
    const joined = await hub.join(source, channel, () => {}, null);
    await publish(1);
    joined.leave();
    advance(30_000);
    await hub.sweep();
    expect(pubsub.subscriptionCount()).toBe(1);
    await publish(2);
    advance(31_000);
    await hub.sweep();
    expect(pubsub.subscriptionCount()).toBe(0);
    await publish(3); // nobody hears it, nothing keeps it
    const later = await hub.join(source, channel, () => {}, { offset: 1, epoch: joined.epoch });
    expect(later).toMatchObject({ recovered: false, offset: 0 });
    expect(later.epoch).not.toBe(joined.epoch);
    await hub.close();
    expect(pubsub.subscriptionCount()).toBe(0);
  });
});
