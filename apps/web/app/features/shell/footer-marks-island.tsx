import { island } from '../../ui/island';

/** The footer's marks as an island (see `footer-marks.tsx`); the shell layout's loader awaits `loadFooterMarksCode()`. */
export const { Island: FooterMarks, preload: loadFooterMarksCode } = island(() => import('./footer-marks'));
