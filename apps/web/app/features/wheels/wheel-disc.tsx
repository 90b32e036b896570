import { useCallback, useEffect, useRef } from 'react';

/** The wheel's disc: one coloured segment per label, turned to `angle` by a CSS transform. */
export const SPIN_MS = 4_500;

/**
 * The prize is told when the disc has stopped (`WheelDisc` calls `onStopped` once its turn's
 * animations have finished), never on a clock of its own: on a busy device the turn starts later
 * than the answer. The timer is a fallback for a page whose animations never run (a hidden tab).
 */
export function useWheelStop(): { whenStopped: (then: () => void) => void; onStopped: () => void } {
  const pending = useRef<(() => void) | null>(null);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onStopped = useCallback(() => {
    clearTimeout(fallback.current);
    const then = pending.current;
    pending.current = null;
    then?.();
  }, []);
  const whenStopped = useCallback(
    (then: () => void) => {
      pending.current = then;
      clearTimeout(fallback.current);
      fallback.current = setTimeout(onStopped, SPIN_MS * 3);
    },
    [onStopped],
  );
  useEffect(() => () => clearTimeout(fallback.current), []);
  return { whenStopped, onStopped };
}
const COLOURS = ['#8b7cff', '#ffc24b', '#4dd4ac', '#ff7a59', '#5aa9ff', '#e05cff', '#9be15d', '#ff5c8a'];

export function WheelDisc({ labels, angle, onStopped }: { labels: string[]; angle: number; onStopped?: () => void }) {
  const disc = useRef<HTMLDivElement>(null);
  const stopped = useRef(onStopped);
  stopped.current = onStopped;
  // A new angle starts a CSS transition of the transform: asking for the disc's animations
  // computes its style, so the turn is there to wait for (none with reduced motion: at once).
  useEffect(() => {
    const element = disc.current;
    if (!element || angle === 0) return;
    let current = true;
    Promise.all((element.getAnimations?.() ?? []).map((a) => a.finished)).then(
      () => current && stopped.current?.(),
      // Cancelled by a newer turn, which tells its own end.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [angle]);
  const count = labels.length;
  const segment = count > 0 ? 360 / count : 360;
  const gradient =
    count > 0
      ? `conic-gradient(from ${-segment / 2}deg, ${labels
          .map((_, i) => `${COLOURS[i % COLOURS.length]} ${i * segment}deg ${(i + 1) * segment}deg`)
          .join(', ')})`
      : undefined;
  return (
    <div className="wheel__stage">
      <span className="wheel__pointer" aria-hidden="true" />
      <div
        ref={disc}
        className="wheel__disc"
        data-testid="wheel-disc"
        data-angle={angle}
        style={{ background: gradient, transform: `rotate(${angle}deg)`, transitionDuration: `${SPIN_MS}ms` }}
      >
        {labels.map((text, i) => (
          <span key={i} className="wheel__label" style={{ transform: `rotate(${i * segment}deg) translateY(-38%)` }}>
            {text}
          </span>
        ))}
      </div>
    </div>
  );
}
