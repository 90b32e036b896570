import { island } from '../../ui/island';

/** The footer's marks as an island (see `footer-marks.tsx`); the shell layout's loader awaits `loadFooterMarksCode()`. */
export const { Island: FooterMarks, preload: loadFooterMarksCode } = island(() => import('./footer-marks'));

/** The footer's awards and providers (same module, so the same chunk); the loader awaits `loadFooterMoreCode()`. */
export const { Island: FooterMore, preload: loadFooterMoreCode } = island(() =>
  import('./footer-marks').then((m) => ({ default: m.FooterMore })),
);
