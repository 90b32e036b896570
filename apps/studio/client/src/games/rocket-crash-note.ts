/**
 * What Rocket Crash's note line tells the player about their own bet while the table moves on
 * (the win and the loss at the crash, and a cash-out in flight, are told where they happen). Kept
 * apart from the drawing so that the words follow the state: a bet placed on the pad says it is
 * on, a bet in the air says so and how to take the win, never "Place your bet".
 */
export type CrashNoteState = {
  phase: 'idle' | 'betting' | 'flying' | 'crashed';
  /** The player's bet on this launch, if any. */
  mine: { cashed_at: number | null } | null;
  /** A bet asked for while the rocket was away, placed at the next launch. */
  waiting: boolean;
};

export function crashNote({ phase, mine, waiting }: CrashNoteState): string | null {
  if (phase === 'betting')
    return mine ? 'Your bet is on' : waiting ? 'Your bet goes on the next launch' : 'Place your bet';
  if (phase === 'flying') {
    if (mine) return mine.cashed_at === null ? 'Your bet is flying: cash out before the crash' : null;
    return waiting ? 'Your bet goes on the next launch' : 'Bets open again after this flight';
  }
  return null;
}
