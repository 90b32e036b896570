import { useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { studioFairSrc } from './fair-query';
import './fair.css';

/** The explanation's sections, in reading order (`fair.sections.<key>.title|text`). */
const SECTIONS = ['commitment', 'clientSeed', 'nonce', 'draws', 'rotation'] as const;

/**
 * `/fair` (public): provably fair play in plain words, and the studio's verifier in a frame with
 * the round of this page's address (`?game=…&server_seed_hash=…&client_seed=…&nonce=…&bet=…`),
 * so the recomputation runs with the studio's own code in the player's browser.
 */
export function FairPage() {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <div className="page fair">
      <h1>{t('fair.title')}</h1>
      <p className="fair__lead">{t('fair.lead')}</p>
      <div className="fair__sections">
        {SECTIONS.map((key) => (
          <section key={key} className="fair__section" aria-labelledby={`fair-${key}`}>
            <h2 id={`fair-${key}`}>{t(`fair.sections.${key}.title`)}</h2>
            <p>{t(`fair.sections.${key}.text`)}</p>
          </section>
        ))}
      </div>
      <section className="fair__verify" aria-labelledby="fair-verify">
        <h2 id="fair-verify">{t('fair.verify.title')}</h2>
        <p>{t('fair.verify.text')}</p>
        <p>
          {t('fair.verify.cli')} <code>npm run verify-round</code>
        </p>
        <iframe
          className="fair__frame"
          data-testid="fair-frame"
          src={studioFairSrc(search)}
          title={t('fair.verify.frameTitle')}
        />
      </section>
    </div>
  );
}
