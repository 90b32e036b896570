import type { Device } from '@orbit/contracts';

/** Which game builds to ask for: phones and tablets get the mobile ones. */
export function deviceFromUserAgent(userAgent: string | null | undefined): Device {
  return userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}

export function browserDevice(): Device {
  return deviceFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
