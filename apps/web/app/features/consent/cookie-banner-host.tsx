import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

const Banner = lazy(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));

/**
 * Where the cookie banner goes (docs/page-shell.md "Cookie banner"). The banner asks in the
 * browser only (the server's page never carries it), so its code — with the crawler list it
 * checks the visitor against — loads once the page runs instead of with the page's first
 * JavaScript (docs/performance.md).
 */
export function CookieBanner(props: ComponentProps<typeof Banner>) {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running ? (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  ) : null;
}
