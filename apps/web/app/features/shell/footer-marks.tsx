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
