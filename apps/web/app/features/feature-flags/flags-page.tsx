import { Form, Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { FLAG_NAMES, type Flags } from './flags';
import './flags.css';

/**
 * /ffc: one row per flag with On and Off, and its default (the operator's, else the code's). Plain forms, so it works before (or without)
 * JavaScript; the action stores the choice in the flags cookie.
 */
export function FlagsPage({ flags, defaults, homeHref }: { flags: Flags; defaults: Flags; homeHref: string }) {
  const { t } = useI18n();
  return (
    <section className="page ffc" aria-labelledby="ffc-title">
      <h1 id="ffc-title">{t('ffc.title')}</h1>
      <p className="ffc__intro">{t('ffc.intro')}</p>
      <ul className="ffc__list">
        {FLAG_NAMES.map((name) => {
          const on = flags[name];
          return (
            <li key={name} className="ffc__row" data-flag={name}>
              <div>
                <span className="ffc__name">{name}</span>
                <span className="ffc__default">
                  {t('ffc.default', { value: defaults[name] ? t('ffc.on') : t('ffc.off') })}
                </span>
              </div>
              <Form method="post" className="ffc__switch" aria-label={name} preventScrollReset>
                <input type="hidden" name="flag" value={name} />
                <button type="submit" name="value" value="on" className="ffc__option" aria-pressed={on}>
                  {t('ffc.on')}
                </button>
                <button type="submit" name="value" value="off" className="ffc__option" aria-pressed={!on}>
                  {t('ffc.off')}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
      <div className="ffc__actions">
        <Form method="post">
          <button type="submit" name="intent" value="reset" className="button button--secondary">
            {t('ffc.reset')}
          </button>
        </Form>
        <Link to={homeHref} className="button button--primary">
          {t('ffc.home')}
        </Link>
      </div>
    </section>
  );
}
