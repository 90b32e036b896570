import type { Banner } from '@orbit/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { BANNER_AUTOPLAY_MS, bannerView, forViewer, playerBanners, type BannerView } from './banners';
import './banners.css';

/**
 * The lobby's banners: a scroll-snapping strip (swipe works without JavaScript), dots to
 * pick one, and autoplay that pauses while hovered or focused or when motion is reduced.
 */
export function BannerCarousel({
  banners: all,
  locale,
  category = 'main',
}: {
  banners: BannerView[];
  /** The page's language: a signed-in player's banners are asked for in it. */
  locale?: Locale;
  category?: string;
}) {
  const { t } = useI18n();
  const session = useSession();
  const player = session.player;
  // A signed-in player's banners (theirs and their groups') are asked for by the page: the
  // server's HTML is the guests' (docs/rules/page-shell.md "Banners").
  const groups = player ? player.statuses.map((status) => status.id).join(',') : null;
  const [own, setOwn] = useState<BannerView[] | null>(null);
  useEffect(() => {
    setOwn(null);
    if (groups === null || !locale) return;
    let live = true;
    browserApi()
      .get<{ banners?: unknown }>('/api/fe/config/banners-config', { headers: { 'Accept-Language': locale } })
      .then((config) => {
        if (!live || !Array.isArray(config.banners)) return;
        const ids = groups === '' ? [] : groups.split(',');
        setOwn(
          playerBanners(config.banners.filter(isBanner), category, ids).map((b) =>
            bannerView(b, window.location.origin, locale),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [groups, locale, category]);
  const banners = own ?? forViewer(all, player !== null);
  // The guests' banners are marked while the session is unknown: a browser that signed in does not
  // draw them meanwhile (banners.css), a guest's shows them once known.
  const unknown = session.status === 'unknown';
  const guestOnly = (banner: BannerView) => (unknown && banner.guestOnly ? '' : undefined);
  // Another list (the player's in place of the guests'): its slides and dots are drawn anew in the
  // carousel's fixed room, none moved from where the old ones stood (no layout shift, banners.css).
  const list = banners.map((banner) => banner.id).join(',');
  const [drawn, setDrawn] = useState(list);
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (drawn !== list) {
    setDrawn(list);
    setCurrent(0);
  }
  const [paused, setPaused] = useState(false);

  function show(index: number) {
    const list = strip.current;
    const slide = list?.children[index] as HTMLElement | undefined;
    if (list && slide) list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: 'smooth' });
  }

  // Each banner counts as seen once a page, when it is the one in view.
  const seen = useRef(new Set<string>());
  const inView = banners[current]?.identifier;
  useEffect(() => {
    if (inView === undefined || seen.current.has(inView)) return;
    seen.current.add(inView);
    track({ name: 'banner_view', banner: inView, position: current });
  }, [inView, current]);

  useEffect(() => {
    if (paused || banners.length < 2) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => show((current + 1) % banners.length), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, current, banners.length]);

  if (banners.length === 0) return null;

  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label={t('banners.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        key={`strip:${list}`}
        className="banners__strip"
        ref={strip}
        onScroll={(event) => {
          const list = event.currentTarget;
          setCurrent(Math.round(list.scrollLeft / Math.max(1, list.clientWidth)));
        }}
      >
        {banners.map((banner, i) => (
          <li
            key={banner.id}
            className={`banner banner--${banner.size}${banner.image ? ' banner--with-image' : ''}`}
            aria-roledescription="slide"
            aria-label={t('banners.slide', { n: i + 1, total: banners.length })}
            data-banner={banner.identifier}
            data-guest-only={guestOnly(banner)}
            style={{ backgroundImage: banner.background }}
          >
            {banner.image ? (
              <img
                className="banner__image"
                src={banner.image}
                alt=""
                width={640}
                height={320}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            ) : null}
            <div className="banner__text">
              {banner.labels.length > 0 ? (
                <p className="banner__label">
                  {banner.labels.map((label) => t(`banners.labels.${label}`, undefined, label)).join(' · ')}
                </p>
              ) : null}
              <h2 className="banner__title">{banner.title}</h2>
              <p className="banner__description">{banner.description}</p>
              {banner.button ? (
                <BannerButton
                  {...banner.button}
                  onClick={() => track({ name: 'banner_click', banner: banner.identifier, position: i })}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {/* The dots' row keeps its room with a single banner too (the player's list may have more). */}
      <div key={`dots:${list}`} className="banners__dots">
        {banners.length > 1
          ? banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className="banners__dot"
                aria-label={t('banners.show', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                data-guest-only={guestOnly(banner)}
                onClick={() => show(i)}
              />
            ))
          : null}
      </div>
    </section>
  );
}

/**
 * What the player's banners need of an entry of `banners-config` (the server's contract; the page
 * checks the fields it reads rather than loading the CMS's schemas into this chunk).
 */
function isBanner(value: unknown): value is Banner {
  const b = value as Partial<Banner> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.identifier === 'string' &&
    Array.isArray(b.categories) &&
    Array.isArray(b.groups) &&
    Array.isArray(b.gradient) &&
    Array.isArray(b.labels) &&
    typeof b.title?.text === 'string' &&
    typeof b.description?.text === 'string' &&
    typeof b.position === 'number'
  );
}

function BannerButton({ name, href, internal, onClick }: NonNullable<BannerView['button']> & { onClick: () => void }) {
  return internal ? (
    <Link to={href} className="button button--primary banner__button" onClick={onClick}>
      {name}
    </Link>
  ) : (
    <a href={href} className="button button--primary banner__button" rel="noopener noreferrer" onClick={onClick}>
      {name}
    </a>
  );
}
