import { deviceFromUserAgent, type Device } from '@orbit/contracts';

/** Which game builds to ask for (the rule lives in the contracts: the page cache keys by it too). */
export { deviceFromUserAgent };

export function browserDevice(): Device {
  return deviceFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
