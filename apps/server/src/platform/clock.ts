/** The time as the platform sees it; tests hand a fake so that expiry is checked without sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export class FakeClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T12:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
}
