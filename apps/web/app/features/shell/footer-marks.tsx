import type { Licence } from '@orbit/contracts';
import { useI18n } from '../../lib/i18n';
import { PAYMENT_METHODS_BY_LICENCE, PaymentLogo } from './payment-logos';
import { TrustBadges } from './trust-badges';

/**
 * The footer's payment marks and trust badges: drawn SVG only, nothing to interact with, so the
 * footer has them as an island (`footer-marks-island.tsx`): in the first HTML, their code out of
 * the page's first JavaScript. Props are primitives, so the shell's re-renders leave it alone.
 */
export default function FooterMarks({ licence, minimumAge }: { licence: Licence; minimumAge: number }) {
  const { t } = useI18n();
  return (
    <>
      <section aria-labelledby="footer-payments">
        <h2 id="footer-payments" className="footer__heading">
          {t('footer.payments')}
        </h2>
        <ul className="footer__payments">
          {PAYMENT_METHODS_BY_LICENCE[licence].map((method) => (
            <li key={method}>
              <PaymentLogo method={method} />
            </li>
          ))}
        </ul>
      </section>
      <TrustBadges
        licence={licence}
        minimumAge={minimumAge}
        labels={{
          licence: t('footer.licensed'),
          licenceLine: t(`footer.licenceName.${licence}`),
          responsible: t('footer.responsible'),
          secure: t('footer.secure'),
          fair: t('footer.fair'),
        }}
      />
    </>
  );
}

export type FooterMoreProps = {
  /** The awards of the `awards` page, newest first (`shell-content.ts` `awardsOf`). */
  awards: ReadonlyArray<{ name: string; nomination: string; prize: string; year: number; image: string | null }>;
  /** The awards page when it is served: the carousel's Show all; null: no such link. */
  awardsHref: string | null;
  /** The game providers, each linking to its games. */
  providers: ReadonlyArray<{ id: string; title: string; href: string }>;
};

/**
 * The footer's awards carousel (a scroll-snapping strip that swipes without JavaScript, with
 * Show all to the awards page) and the providers' row. Same chunk as the marks, its own island.
 */
export function FooterMore({ awards, awardsHref, providers }: FooterMoreProps) {
  const { t } = useI18n();
  return (
    <>
      {awards.length > 0 ? (
        <section className="footer__awards" aria-labelledby="footer-awards" data-testid="footer-awards">
          <div className="footer__row-head">
            <h2 id="footer-awards" className="footer__heading">
              {t('shell.footer.awards')}
            </h2>
            {awardsHref ? (
              <a href={awardsHref} className="footer__show-all">
                {t('shell.footer.showAll')}
              </a>
            ) : null}
          </div>
          <ul className="footer__awards-strip">
            {awards.map((award) => (
              <li key={`${award.year}-${award.name}-${award.nomination}`} className="footer__award">
                {award.image ? <img src={award.image} alt="" width={48} height={48} loading="lazy" /> : null}
                <span>
                  <strong>{award.name}</strong>
                  {award.nomination ? <small>{award.nomination}</small> : null}
                  <small>{award.year}</small>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {providers.length > 0 ? (
        <nav className="footer__providers" aria-labelledby="footer-providers">
          <h2 id="footer-providers" className="footer__heading">
            {t('shell.footer.providers')}
          </h2>
          <ul>
            {providers.map((provider) => (
              <li key={provider.id}>
                <a href={provider.href}>{provider.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
