import { lazy, memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * A part of a page that the server renders with it, but whose code is no part of the page's
 * first JavaScript: the browser loads it on its own (`import()` only: a static import, even an
 * unused one, would put it into the importing chunk). Until it has come, React keeps the
 * server's markup of the island's Suspense boundary as it is (the page is interactive around
 * it), then hydrates it; on a client navigation `fallback` stands in meanwhile.
 *
 * - `preload()` is for the loaders of the pages that draw it (server): the code is then there
 *   when the page renders and the island is in the first HTML, instead of suspending.
 * - The island is `memo`: the boundary must not be re-rendered with new props before its code
 *   has come (React would drop the server's markup for the fallback), so pass it the loader's
 *   objects as they are.
 */
export function island<P extends object>(load: () => Promise<Module<P>>, fallback: ReactNode = null) {
  let loaded: Module<P> | undefined;
  const Lazy = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React reads the module without suspending.
        ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>)
      : load(),
  );
  const Island = memo(function Island(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  });
  return {
    Island,
    preload: async () => {
      loaded ??= await load();
    },
  };
}

/**
 * A part of the page that is never in the server's HTML (it acts in the browser only: the
 * visitor's cookies, timers, the address's hash), so its code need not come with the page's first
 * JavaScript: it loads once the page runs (after hydration), and the part is drawn then.
 */
export function browserOnly<P extends object>(load: () => Promise<Module<P>>) {
  const Lazy = lazy(load);
  return function BrowserOnly(props: P) {
    const [running, setRunning] = useState(false);
    useEffect(() => setRunning(true), []);
    return running ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  };
}
