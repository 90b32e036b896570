/** The wheel's disc: one coloured segment per label, turned to `angle` by a CSS transform. */
export const SPIN_MS = 4_500;
const COLOURS = ['#8b7cff', '#ffc24b', '#4dd4ac', '#ff7a59', '#5aa9ff', '#e05cff', '#9be15d', '#ff5c8a'];

export function WheelDisc({ labels, angle }: { labels: string[]; angle: number }) {
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
