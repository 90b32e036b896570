/**
 * What Rocket Crash's note line tells the player about their own bet while the table moves on
 * (the win and the loss at the crash, and a cash-out in flight, are told where they happen). Kept
 * apart from the drawing so that the words follow the state: a bet placed on the pad says it is
 * on, a bet in the air says so and how to take the win, never "Place your bet".
 */
import { t } from '../i18n';

export type CrashNoteState = {
  phase: 'idle' | 'betting' | 'flying' | 'crashed';
  /** The player's bet on this launch, if any. */
  mine: { cashed_at: number | null } | null;
  /** A bet asked for while the rocket was away, placed at the next launch. */
  waiting: boolean;
};

export function crashNote({ phase, mine, waiting }: CrashNoteState): string | null {
  if (phase === 'betting') return mine ? t('crash.noteBetOn') : waiting ? t('crash.noteNext') : t('crash.notePlace');
  if (phase === 'flying') {
    if (mine) return mine.cashed_at === null ? t('crash.noteFlying') : null;
    return waiting ? t('crash.noteNext') : t('crash.noteReopen');
  }
  return null;
}
