import type { CountriesResponse, CurrenciesResponse, PlayerFieldsResponse, ProjectInfo } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { loadCurrencyCatalogue } from '../../lib/currencies';

/** What the details forms need besides the player: fields per context, countries, licence, currencies. */
export type ProfileInfo = {
  fields: PlayerFieldsResponse;
  countries: CountriesResponse;
  project: ProjectInfo;
  currencies: CurrenciesResponse;
};

let info: Promise<ProfileInfo> | undefined;

/** Loaded once per page (the catalogue does not change while a player edits). A failure is retried on the next use. */
export function loadProfileInfo(): Promise<ProfileInfo> {
  const api = browserApi();
  info ??= Promise.all([
    api.get<PlayerFieldsResponse>('/api/info/player_fields'),
    api.get<CountriesResponse>('/api/info/countries'),
    api.get<ProjectInfo>('/api/info/project'),
    loadCurrencyCatalogue(),
  ]).then(
    ([fields, countries, project, currencies]) => ({ fields, countries, project, currencies }),
    (error: unknown) => {
      info = undefined;
      throw error;
    },
  );
  return info;
}

export function useProfileInfo(): { info: ProfileInfo | null; failed: boolean } {
  const [state, setState] = useState<{ info: ProfileInfo | null; failed: boolean }>({ info: null, failed: false });
  useEffect(() => {
    let live = true;
    loadProfileInfo().then(
      (loaded) => live && setState({ info: loaded, failed: false }),
      () => live && setState({ info: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
