import { useCallback, useEffect, useRef } from 'react';

/** The wheel's disc: one coloured segment per label, turned to `angle` by a CSS transform. */
export const SPIN_MS = 4_500;

/**
 * The prize is told when the disc has stopped: on the end of its transition, which starts only
 * when the browser paints the new angle (later than the answer on a busy device). The timer is a
 * fallback for a page whose transitions never run (a hidden tab).
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
      fallback.current = setTimeout(onStopped, SPIN_MS * 2);
    },
    [onStopped],
  );
  useEffect(() => () => clearTimeout(fallback.current), []);
  return { whenStopped, onStopped };
}
const COLOURS = ['#8b7cff', '#ffc24b', '#4dd4ac', '#ff7a59', '#5aa9ff', '#e05cff', '#9be15d', '#ff5c8a'];

export function WheelDisc({ labels, angle, onStopped }: { labels: string[]; angle: number; onStopped?: () => void }) {
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
        className="wheel__disc"
        data-testid="wheel-disc"
        data-angle={angle}
        style={{ background: gradient, transform: `rotate(${angle}deg)`, transitionDuration: `${SPIN_MS}ms` }}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && event.propertyName === 'transform') onStopped?.();
        }}
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
