import { describe, expect, it } from 'vitest';
import {
  RECOVERY_CODES_FILE_NAME,
  recoveryCodesClipboard,
  recoveryCodesText,
} from '../../app/features/profile/recovery-codes';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${'EFGHJKMNPQ'[i]}-FGHJK`);

describe('recovery codes file', () => {
  it('lists the codes numbered, between what they are for and when they were made', () => {
    const text = recoveryCodesText(
      { title: 'Orbit recovery codes', intro: 'Each code signs you in once.', issued: 'Created 26 Nov 2026' },
      CODES,
    );
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['Orbit recovery codes', '', 'Each code signs you in once.', '']);
    expect(lines.slice(4, 14)).toEqual(CODES.map((code, i) => `${String(i + 1).padStart(2)}. ${code}`));
    expect(lines[4]).toBe(' 1. ABCDE-FGHJK');
    expect(lines[13]).toBe('10. ABCDQ-FGHJK');
    expect(lines.slice(14)).toEqual(['', 'Created 26 Nov 2026', '']);
    expect(RECOVERY_CODES_FILE_NAME).toMatch(/\.txt$/);
  });

  it('copies the codes one a line', () => {
    expect(recoveryCodesClipboard(CODES.slice(0, 2))).toBe('ABCDE-FGHJK\nABCDF-FGHJK');
  });
});
