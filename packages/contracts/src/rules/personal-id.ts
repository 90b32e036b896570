import { z } from 'zod';

/**
 * Personal id number: exactly 11 characters. Which country's id it is is not known, so
 * no checksum is tried; only ASCII letters and digits are taken (Estonian, Lithuanian and
 * Brazilian ids are 11 digits).
 */
export const PERSONAL_ID_LENGTH = 11;
export const PERSONAL_ID_PATTERN = /^[A-Za-z0-9]{11}$/;

export const personalIdSchema = z.string().trim().regex(PERSONAL_ID_PATTERN, 'invalid_personal_id');
