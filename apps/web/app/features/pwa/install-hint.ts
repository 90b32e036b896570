/**
 * Keeping the install notice's room from the first paint (docs/page-shell.md "Layers"): the
 * server's HTML holds the notice's iOS instructions, hidden, in the notice strip; a script in the
 * page's head marks the page before its first paint when they will show, so the notice is drawn
 * from the start and nothing moves when the page takes it over.
 */
import { INSTALL_DISMISS_MS, INSTALL_DISMISSED_KEY } from './rules';

/** Set on the page's root element (before the first paint) while the iOS install notice will show. */
export const INSTALL_HINT_ATTRIBUTE = 'data-install-hint';

/** iOS and iPadOS (an iPad asks for the desktop site: a Mac's user agent with a touch screen). */
export const isIos = (): boolean =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

/**
 * Run in the page's head before its first paint (root.tsx): the test the page makes once it runs,
 * written out (`isIos` above, `isStandalone` and `isFramed` in browser.ts, `installNoticeAllowed`
 * in rules.ts): iOS, not the installed app, not in a frame, not dismissed in the last 30 days.
 */
export const INSTALL_HINT_SCRIPT =
  'try{var n=navigator,u=n.userAgent;' +
  'if((/iPhone|iPad|iPod/.test(u)||(/Macintosh/.test(u)&&n.maxTouchPoints>1))' +
  '&&!(matchMedia("(display-mode: standalone)").matches||n.standalone===true)&&window.self===window.top){' +
  `var d=localStorage.getItem(${JSON.stringify(INSTALL_DISMISSED_KEY)}),a=Number(d);` +
  `if(!(d!==null&&isFinite(a)&&Date.now()-a<${INSTALL_DISMISS_MS}))` +
  `document.documentElement.setAttribute(${JSON.stringify(INSTALL_HINT_ATTRIBUTE)},"")}}catch(e){}`;
