/**
 * The instance's channels: what arrives on a pub/sub topic (`public`, `player:<id>`) becomes a
 * publication of one channel's stream (offset 1, 2, 3 … under a random epoch) and goes to that
 * channel's subscribers on this instance. Each stream keeps its last publications for a while,
 * so a client that comes back quickly (to this instance) gets what it missed: a topic stays
 * subscribed, and its streams kept, for `retainMs` after its last subscriber left. The streams
 * are this instance's own: another instance numbers its publications under another epoch.
 */
import { randomBytes } from 'node:crypto';
import type { PubSub, RealtimeMessage, Unsubscribe } from '../../platform/realtime/pubsub';

export type HubLimits = {
  /** Publications kept per channel. */
  historySize: number;
  /** How long a kept publication can still be recovered. */
  historyTtlMs: number;
  /** How long a topic with no subscriber left stays subscribed (its streams recoverable). */
  retainMs: number;
};

export type Publication = {
  offset: number;
  data: unknown;
  at: number;
  /**
   * The push frame every subscriber of the channel gets, encoded by the first connection that
   * sends it: a publication to 10,000 sockets is serialised once, not 10,000 times.
   */
  frame?: Buffer;
};
export type Listener = (publication: Publication) => void;
/** Where a client's stream position is: the last offset it has, in which epoch. */
export type Since = { offset: number; epoch: string };
/** A pub/sub topic and how its messages' events name channels. */
export type Source = { topic: string; channelOf: (event: string) => string };

export type Joined = {
  epoch: string;
  /** The stream's last offset when joined. */
  offset: number;
  /** Whether every publication after `since` is in `publications` (false when nothing was asked). */
  recovered: boolean;
  publications: Publication[];
  leave: () => void;
};

class Stream {
  readonly epoch = randomBytes(6).toString('base64url');
  top = 0;
  readonly listeners = new Set<Listener>();
  private history: Publication[] = [];

  constructor(private readonly limits: HubLimits) {}

  append(data: unknown, at: number): Publication {
    const publication = { offset: ++this.top, data, at };
    this.history.push(publication);
    if (this.history.length > this.limits.historySize) this.history.shift();
    return publication;
  }

  prune(now: number): void {
    const oldest = now - this.limits.historyTtlMs;
    while (this.history[0] && this.history[0].at <= oldest) this.history.shift();
  }

  /** The publications after `since`, or null when some are no longer kept (another epoch, too old, too many). */
  after(since: Since, now: number): Publication[] | null {
    this.prune(now);
    if (since.epoch !== this.epoch || since.offset > this.top) return null;
    if (since.offset === this.top) return [];
    const first = this.history[0];
    if (!first || first.offset > since.offset + 1) return null;
    return this.history.filter((p) => p.offset > since.offset);
  }
}

class Topic {
  readonly streams = new Map<string, Stream>();
  listeners = 0;
  idleSince: number | null = null;
  unsubscribe: Unsubscribe = async () => {};

  constructor(readonly channelOf: (event: string) => string) {}
}

export class ChannelHub {
  /** Topics being subscribed or subscribed, by topic name. */
  private readonly topics = new Map<string, Promise<Topic>>();
  private readonly ready = new Map<string, Topic>();

  constructor(
    private readonly pubsub: PubSub,
    private readonly now: () => number,
    private readonly limits: HubLimits,
  ) {}

  /** Adds a subscriber of a channel, with the publications it missed since `since` when they are all kept. */
  async join(source: Source, channel: string, listener: Listener, since: Since | null): Promise<Joined> {
    for (;;) {
      const entry = this.topicOf(source);
      const topic = await entry;
      // A sweep may have let go of the topic meanwhile: subscribe it anew.
      if (this.topics.get(source.topic) === entry) return this.attach(topic, channel, listener, since);
    }
  }

  /** Lets go of the topics nobody listened to for `retainMs`, and of publications past their time. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [name, topic] of this.ready) {
      for (const stream of topic.streams.values()) stream.prune(now);
      if (topic.listeners > 0 || topic.idleSince === null || now - topic.idleSince < this.limits.retainMs) continue;
      this.ready.delete(name);
      this.topics.delete(name);
      await topic.unsubscribe();
    }
  }

  async close(): Promise<void> {
    const topics = [...this.ready.values()];
    this.ready.clear();
    this.topics.clear();
    await Promise.all(topics.map((t) => t.unsubscribe()));
  }

  private topicOf(source: Source): Promise<Topic> {
    let entry = this.topics.get(source.topic);
    if (!entry) {
      entry = this.subscribeTopic(source);
      this.topics.set(source.topic, entry);
      const current = entry;
      entry.catch(() => {
        if (this.topics.get(source.topic) === current) this.topics.delete(source.topic);
      });
    }
    return entry;
  }

  private async subscribeTopic(source: Source): Promise<Topic> {
    const topic = new Topic(source.channelOf);
    topic.unsubscribe = await this.pubsub.subscribe(source.topic, (message) => this.deliver(topic, message));
    this.ready.set(source.topic, topic);
    return topic;
  }

  private deliver(topic: Topic, message: RealtimeMessage): void {
    const channel = topic.channelOf(message.event);
    const publication = this.streamOf(topic, channel).append(message.data, this.now());
    for (const listener of topic.streams.get(channel)!.listeners) {
      try {
        listener(publication);
      } catch {
        // one subscriber's failure (a socket going away) is not the others'
      }
    }
  }

  private streamOf(topic: Topic, channel: string): Stream {
    let stream = topic.streams.get(channel);
    if (!stream) {
      stream = new Stream(this.limits);
      topic.streams.set(channel, stream);
    }
    return stream;
  }

  private attach(topic: Topic, channel: string, listener: Listener, since: Since | null): Joined {
    const stream = this.streamOf(topic, channel);
    const missed = since ? stream.after(since, this.now()) : null;
    stream.listeners.add(listener);
    topic.listeners++;
    topic.idleSince = null;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      stream.listeners.delete(listener);
      if (--topic.listeners === 0) topic.idleSince = this.now();
    };
    return { epoch: stream.epoch, offset: stream.top, recovered: missed !== null, publications: missed ?? [], leave };
  }
}
