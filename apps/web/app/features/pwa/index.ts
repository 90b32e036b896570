/** Installing Orbit as an app and web push on this device (docs/rules/page-shell.md "Install as an app"). */
export { PwaHost } from './pwa-host';
