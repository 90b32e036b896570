import { playerFieldOf, type Player } from '@orbit/contracts';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { countryOptions } from '../../lib/display-names';
import { useI18n } from '../../lib/i18n';
import { setPlayer } from '../../lib/session';
import { Field, Notice, SelectField } from '../../ui/form';
import {
  autofillState,
  fieldsFor,
  patchBody,
  validateDetails,
  valuesFromPlayer,
  type DetailField,
  type DetailsContext,
  type DetailValues,
} from './details-rules';
import { useProfileInfo, type ProfileInfo } from './profile-data';
import { OtherErrors, SubmitButton, useProfileForm } from './use-form';

/**
 * The player's personal details for one context of `PATCH /api/player` (the profile's edit form:
 * `edition`; the personal-info popup: `deposit`). Fields come from player_fields; the shared
 * rules run before the call; the saved player replaces the session's.
 */
export function DetailsForm({
  context,
  player,
  submitLabel,
  onSaved,
}: {
  context: DetailsContext;
  player: Player;
  submitLabel: string;
  onSaved?: (player: Player) => void;
}) {
  const { t } = useI18n();
  const { info, failed } = useProfileInfo();
  if (failed) return <Notice kind="error">{t('errors.network')}</Notice>;
  if (!info) return <p className="profile__loading">{t('common.loading')}</p>;
  return (
    <LoadedDetailsForm context={context} player={player} info={info} submitLabel={submitLabel} onSaved={onSaved} />
  );
}

function LoadedDetailsForm({
  context,
  player,
  info,
  submitLabel,
  onSaved,
}: {
  context: DetailsContext;
  player: Player;
  info: ProfileInfo;
  submitLabel: string;
  onSaved?: (player: Player) => void;
}) {
  const { t, locale } = useI18n();
  const asked = fieldsFor(context, info.fields);
  const form = useProfileForm<DetailValues>(valuesFromPlayer(player));
  // What the server has: only changes are sent.
  const [initial, setInitial] = useState(() => valuesFromPlayer(player));
  const [stateAutofilled, setStateAutofilled] = useState(false);
  const [saved, setSaved] = useState(false);
  const { values, errors } = form;

  const change = (name: DetailField, value: string) => {
    setSaved(false);
    form.set(name, value);
    if (name === 'state') setStateAutofilled(false);
    if (name === 'postal_code' || name === 'country') {
      // An empty state is filled from an Australian or Canadian postcode (docs/rules/fields.md).
      const next = autofillState({ ...values, [name]: value }, stateAutofilled);
      setStateAutofilled(next.autofilled);
      if (next.values.state !== values.state) form.set('state', next.values.state);
    }
  };

  const onSubmit = form.submit(
    (v) => validateDetails(v, asked, context, info.fields, info.project.licence),
    async (v) => {
      const updated = await browserApi().patch<Player>('/api/player', patchBody(v, initial, asked, context));
      // The saved values as the server keeps them (postal code upper-cased, a state it filled in).
      const saved = valuesFromPlayer(updated);
      setInitial(saved);
      form.setValues(saved);
      setStateAutofilled(false);
      setPlayer(updated);
      setSaved(true);
      onSaved?.(updated);
    },
  );

  const label = (name: DetailField) => t(`profile.fields.${name}`);
  const text = (name: DetailField, extra: Record<string, string> = {}) => (
    <Field
      key={name}
      name={name}
      label={label(name)}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name]}
      {...extra}
    />
  );
  // Names in the page's language ("Deutschland" on /de), not the server's English list.
  const countryList = countryOptions(info.countries, locale);
  const inputs = asked.map((name) => {
    switch (name) {
      case 'country':
        return (
          <SelectField
            key={name}
            name={name}
            label={label(name)}
            value={values.country}
            onChange={(value) => change('country', value)}
            error={errors.country}
            options={[{ value: '', label: t('profile.choose') }, ...countryList]}
          />
        );
      case 'gender':
        return (
          <SelectField
            key={name}
            name={name}
            label={label(name)}
            value={values.gender}
            onChange={(value) => change('gender', value)}
            error={errors.gender}
            options={[
              { value: '', label: t('profile.choose') },
              ...(playerFieldOf(info.fields, 'gender')?.inclusion?.in ?? ['male', 'female', 'other']).map((g) => ({
                value: g,
                label: t(`profile.gender.${g}`, undefined, g),
              })),
            ]}
          />
        );
      case 'time_zone':
        return (
          <SelectField
            key={name}
            name={name}
            label={label(name)}
            value={values.time_zone}
            onChange={(value) => change('time_zone', value)}
            error={errors.time_zone}
            options={[
              { value: '', label: t('profile.timeZoneDefault') },
              ...timeZones(values.time_zone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
            ]}
          />
        );
      case 'date_of_birth':
        return text(name, { placeholder: t('profile.birthdayFormat'), inputMode: 'numeric', autoComplete: 'bday' });
      case 'mobile_phone':
        return text(name, { type: 'tel', autoComplete: 'tel' });
      case 'first_name':
        return text(name, { autoComplete: 'given-name' });
      case 'last_name':
        return text(name, { autoComplete: 'family-name' });
      case 'postal_code':
        return text(name, { autoComplete: 'postal-code' });
      case 'address':
        return text(name, { autoComplete: 'street-address' });
      case 'city':
        return text(name, { autoComplete: 'address-level2' });
      case 'state':
        return text(name, { autoComplete: 'address-level1' });
      default:
        return text(name);
    }
  });

  return (
    <form className="profile-form" method="post" noValidate onSubmit={onSubmit} data-context={context}>
      <OtherErrors errors={errors} shown={asked} />
      <div className="profile-form__grid">{inputs}</div>
      {saved ? <Notice kind="info">{t('profile.saved')}</Notice> : null}
      <SubmitButton busy={form.busy} label={submitLabel} />
    </form>
  );
}

/** The time zones this browser knows (IANA names), with the player's own kept even if it does not. */
function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
