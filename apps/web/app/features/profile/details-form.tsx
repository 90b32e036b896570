import { playerFieldOf, type Player } from '@orbit/contracts';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { countryOptions } from '../../lib/display-names';
import { useI18n, type TFunction } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { setPlayer } from '../../lib/session';
import { Field, Notice, SelectField, type FieldErrors } from '../../ui/form';
import {
  autofillState,
  DETAIL_FIELDS,
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
  only,
}: {
  context: DetailsContext;
  player: Player;
  submitLabel: string;
  onSaved?: (player: Player) => void;
  /**
   * Only these fields, every one required (a game provider's missing fields before real play);
   * saved through `context`.
   */
  only?: readonly string[];
}) {
  const { t } = useI18n();
  const { info, failed } = useProfileInfo();
  if (failed) return <Notice kind="error">{t('errors.network')}</Notice>;
  if (!info) return <p className="profile__loading">{t('common.loading')}</p>;
  return (
    <LoadedDetailsForm
      context={context}
      player={player}
      info={info}
      submitLabel={submitLabel}
      onSaved={onSaved}
      only={only}
    />
  );
}

function LoadedDetailsForm({
  context,
  player,
  info,
  submitLabel,
  onSaved,
  only,
}: {
  context: DetailsContext;
  player: Player;
  info: ProfileInfo;
  submitLabel: string;
  onSaved?: (player: Player) => void;
  only?: readonly string[] | undefined;
}) {
  const { t } = useI18n();
  const asked = only ? DETAIL_FIELDS.filter((name) => only.includes(name)) : fieldsFor(context, info.fields);
  // A provider's fields are all required, whichever context saves them (`deposit` validates so).
  const checkedAs: DetailsContext = only ? 'deposit' : context;
  const form = useProfileForm<DetailValues>(valuesFromPlayer(player), {}, 'profile_details');
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
    (v) => validateDetails(v, asked, checkedAs, info.fields, info.project.licence),
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

  return (
    <form className="profile-form" method="post" noValidate onSubmit={onSubmit} data-context={context}>
      <OtherErrors errors={errors} shown={asked} />
      <div className="profile-form__grid">
        {asked.map((name) => (
          <DetailInput key={name} name={name} values={values} errors={errors} info={info} onChange={change} />
        ))}
      </div>
      {saved ? <Notice kind="info">{t('profile.saved')}</Notice> : null}
      <SubmitButton busy={form.busy} label={submitLabel} />
    </form>
  );
}

/** One field of the details form, by its kind: a list (country, gender, time zone) or a text field. */
function DetailInput({
  name,
  values,
  errors,
  info,
  onChange: change,
}: {
  name: DetailField;
  values: DetailValues;
  errors: FieldErrors;
  info: ProfileInfo;
  onChange: (name: DetailField, value: string) => void;
}) {
  const { t, locale } = useI18n();
  const options = listOptions(name, values, info, t, locale);
  if (options) {
    return (
      <SelectField
        name={name}
        label={t(`profile.fields.${name}`)}
        value={values[name]}
        onChange={(value) => change(name, value)}
        error={errors[name]}
        options={options}
      />
    );
  }
  return (
    <Field
      name={name}
      label={t(`profile.fields.${name}`)}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name]}
      {...TEXT_FIELD_PROPS[name]}
      {...(name === 'date_of_birth' ? { placeholder: t('profile.birthdayFormat') } : {})}
    />
  );
}

/** The text fields' input hints (the browser's autofill, the phone's keyboard). */
const TEXT_FIELD_PROPS: Partial<Record<DetailField, Record<string, string>>> = {
  date_of_birth: { inputMode: 'numeric', autoComplete: 'bday' },
  mobile_phone: { type: 'tel', autoComplete: 'tel' },
  first_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
  postal_code: { autoComplete: 'postal-code' },
  address: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
};

/** A list field's choices (country, gender, time zone); null: the field is typed in. */
function listOptions(
  name: DetailField,
  values: DetailValues,
  info: ProfileInfo,
  t: TFunction,
  locale: Locale,
): Array<{ value: string; label: string }> | null {
  switch (name) {
    case 'country':
      // Names in the page's language ("Deutschland" on /de), not the server's English list.
      return [{ value: '', label: t('profile.choose') }, ...countryOptions(info.countries, locale)];
    case 'gender':
      return [
        { value: '', label: t('profile.choose') },
        ...(playerFieldOf(info.fields, 'gender')?.inclusion?.in ?? ['male', 'female', 'other']).map((g) => ({
          value: g,
          label: t(`profile.gender.${g}`, undefined, g),
        })),
      ];
    case 'time_zone':
      return [
        { value: '', label: t('profile.timeZoneDefault') },
        ...timeZones(values.time_zone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
      ];
    default:
      return null;
  }
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
