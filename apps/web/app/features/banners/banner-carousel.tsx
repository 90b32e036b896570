import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { BANNER_AUTOPLAY_MS, forViewer, type BannerView } from './banners';
import './banners.css';

/**
 * The lobby's banners: a scroll-snapping strip (swipe works without JavaScript), dots to
 * pick one, and autoplay that pauses while hovered or focused or when motion is reduced.
 */
export function BannerCarousel({ banners: all }: { banners: BannerView[] }) {
  const { t } = useI18n();
  const banners = forViewer(all, useSession().player !== null);
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
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
      {banners.length > 1 ? (
        <div className="banners__dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className="banners__dot"
              aria-label={t('banners.show', { n: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
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
