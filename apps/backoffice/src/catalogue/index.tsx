/**
 * The catalogue (permission `catalogue.manage`: roles marketing and admin), docs/backoffice.md
 * "Catalogue": providers switched on and off; games filtered by provider, category, state and
 * title, switched on and off from the list and edited (categories with the game's place in each,
 * badges, devices, currencies); categories (the collections) retitled and reordered. A change is
 * on the casino's pages at once (the server forgets its cached catalogue).
 */
import { Button, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanField,
  CheckboxGroupInput,
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import {
  CATALOGUE_BADGE_THEMES,
  CATALOGUE_BADGE_TYPES,
  type BackofficeCategory,
  type BackofficeGame,
  type BackofficeProvider,
} from '@orbit/contracts';
import { api, ApiError } from '../api';

const failure = (error: unknown) => (error instanceof Error ? error.message : 'The change failed');
const choices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));
const stateChoices = [
  { id: 'true', name: 'On' },
  { id: 'false', name: 'Off' },
];

/** On or off, from the list: `path` is the record's address under /api/backoffice. */
function SwitchButton({ path, name, enabled }: { path: string; name: string; enabled: boolean }) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Button
      size="small"
      variant="outlined"
      color={enabled ? 'warning' : 'success'}
      aria-label={`${enabled ? 'Switch off' : 'Switch on'} ${name}`}
      onClick={async (event) => {
        event.stopPropagation();
        try {
          await api('POST', `${path}/${enabled ? 'disable' : 'enable'}`);
          notify(`${name} switched ${enabled ? 'off' : 'on'}`, { type: 'success' });
        } catch (error) {
          notify(failure(error), { type: 'error' });
        }
        refresh();
      }}
    >
      {enabled ? 'Switch off' : 'Switch on'}
    </Button>
  );
}

// ---- providers ------------------------------------------------------------------------------------

export function ProviderList() {
  return (
    <List
      filters={[<SelectInput key="enabled" source="enabled" choices={stateChoices} alwaysOn emptyText="All" />]}
      exporter={false}
      perPage={50}
      title="Game providers"
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="identifier" sortable={false} />
        <TextField source="title" sortable={false} />
        <BooleanField source="launchable" label="Integrated" sortable={false} />
        <FunctionField
          label="Games on"
          render={(p: BackofficeProvider) => `${p.enabled_games_count} of ${p.games_count}`}
        />
        <FunctionField label="State" render={(p: BackofficeProvider) => (p.enabled ? 'On' : 'Off')} />
        <FunctionField
          label="Actions"
          render={(p: BackofficeProvider) => (
            <SwitchButton path={`/catalogue_providers/${p.id}`} name={p.title} enabled={p.enabled} />
          )}
        />
      </Datagrid>
    </List>
  );
}

// ---- games ----------------------------------------------------------------------------------------

/** The providers' and categories' identifiers for the filters and the form (a few dozen at most). */
function useCatalogueChoices() {
  const all = { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' as const } };
  const providers = useGetList<BackofficeProvider>('catalogue_providers', all);
  const categories = useGetList<BackofficeCategory>('catalogue_categories', all);
  return {
    providers: (providers.data ?? []).map((p) => ({ id: p.identifier, name: p.title })),
    categories: (categories.data ?? []).map((c) => ({ id: c.identifier, name: `${c.title} (${c.identifier})` })),
  };
}

export function GameList() {
  const { providers, categories } = useCatalogueChoices();
  const filters = [
    <SearchInput key="q" source="q" placeholder="Title or identifier" alwaysOn />,
    <SelectInput key="provider" source="provider" choices={providers} alwaysOn emptyText="All providers" />,
    <SelectInput key="category" source="category" choices={categories} alwaysOn emptyText="All categories" />,
    <SelectInput key="enabled" source="enabled" label="State" choices={stateChoices} alwaysOn emptyText="All" />,
  ];
  return (
    <List filters={filters} exporter={false} perPage={50} title="Games">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="title" sortable={false} />
        <TextField source="identifier" sortable={false} />
        <TextField source="provider_title" label="Provider" sortable={false} />
        <FunctionField
          label="Categories (place)"
          render={(g: BackofficeGame) => g.categories.map((c) => `${c.identifier} (${c.position})`).join(', ')}
        />
        <FunctionField label="Badges" render={(g: BackofficeGame) => g.badges.map((b) => b.type).join(', ')} />
        <FunctionField label="Devices" render={(g: BackofficeGame) => g.devices.join(', ')} />
        <FunctionField
          label="State"
          render={(g: BackofficeGame) => (g.enabled ? (g.provider_enabled ? 'On' : 'On (provider off)') : 'Off')}
        />
        <FunctionField
          label="Actions"
          render={(g: BackofficeGame) => (
            <SwitchButton path={`/catalogue_games/${g.id}`} name={g.title} enabled={g.enabled} />
          )}
        />
      </Datagrid>
    </List>
  );
}

type GameFormValues = Pick<BackofficeGame, 'categories' | 'badges' | 'devices'> & { currencies_text: string };

const toGameForm = (game: BackofficeGame): GameFormValues & { id: number } => ({
  id: game.id,
  categories: game.categories,
  badges: game.badges,
  devices: game.devices,
  currencies_text: game.currencies.join(', '),
});

/** The body PATCH takes: the whole lists (a category left out loses the game). */
const toGameRequest = (values: GameFormValues) => ({
  categories: (values.categories ?? []).map((c) => ({ identifier: c.identifier, position: Number(c.position) })),
  badges: values.badges ?? [],
  devices: values.devices ?? [],
  currencies: (values.currencies_text ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean),
});

/** The server's codes under the fields they name (`categories.0.position` → that row's input). */
const fieldErrors = (error: ApiError) => {
  const out: Record<string, unknown> = {};
  for (const [field, codes] of Object.entries(error.errors)) {
    const parts = (field === 'currencies' || field.startsWith('currencies.') ? 'currencies_text' : field).split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = codes.join(', ');
  }
  return out;
};

function GameForm() {
  const game = useRecordContext<BackofficeGame>();
  const notify = useNotify();
  const redirect = useRedirect();
  const { categories } = useCatalogueChoices();
  if (!game) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      await api('PATCH', `/catalogue_games/${game.id}`, toGameRequest(values as GameFormValues));
      notify(`${game.title} saved`, { type: 'success' });
      redirect('list', 'catalogue_games');
      return undefined;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return error instanceof ApiError ? fieldErrors(error) : undefined;
    }
  };
  return (
    <SimpleForm record={toGameForm(game)} onSubmit={save}>
      <Typography variant="h6">{`${game.title} (${game.identifier})`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {game.enabled ? 'On' : 'Off'} · {game.provider_title}
        {game.provider_enabled ? '' : ' (provider off)'} · switched on and off from the list
      </Typography>
      <ArrayInput source="categories" label="Categories and the game's place in each (lowest first)">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="identifier" label="Category" choices={categories} validate={required()} />
          <NumberInput source="position" label="Place" min={0} step={1} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="badges" label="Badges (the tile shows the first)">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="type" label="Badge" choices={choices(CATALOGUE_BADGE_TYPES)} validate={required()} />
          <SelectInput source="theme" label="Colour" choices={choices(CATALOGUE_BADGE_THEMES)} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <CheckboxGroupInput
        source="devices"
        choices={[
          { id: 'desktop', name: 'Desktop' },
          { id: 'mobile', name: 'Mobile' },
        ]}
      />
      <TextInput
        source="currencies_text"
        label="Currencies"
        helperText="Comma-separated codes (FUN: the demo money)"
        fullWidth
        validate={required()}
      />
    </SimpleForm>
  );
}

export function GameEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Game" actions={false}>
      <GameForm />
    </Edit>
  );
}

// ---- categories -----------------------------------------------------------------------------------

export function CategoryList() {
  return (
    <List exporter={false} perPage={50} title="Categories">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <NumberField source="position" label="Place" sortable={false} />
        <TextField source="identifier" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="kind" sortable={false} />
        <NumberField source="games_count" label="Games" sortable={false} />
      </Datagrid>
    </List>
  );
}

function CategoryForm() {
  const category = useRecordContext<BackofficeCategory>();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!category) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      await api('PATCH', `/catalogue_categories/${category.id}`, {
        title: String(values.title ?? ''),
        position: Number(values.position),
      });
      notify(`${category.identifier} saved`, { type: 'success' });
      redirect('list', 'catalogue_categories');
      return undefined;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return error instanceof ApiError ? fieldErrors(error) : undefined;
    }
  };
  return (
    <SimpleForm record={{ id: category.id, title: category.title, position: category.position }} onSubmit={save}>
      <Typography variant="h6">{category.identifier}</Typography>
      <TextInput
        source="title"
        validate={required()}
        helperText="What the API answers; the site's menus name a category in each language by their own text"
      />
      <NumberInput source="position" label="Place (lowest first)" min={0} step={1} validate={required()} />
    </SimpleForm>
  );
}

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Category" actions={false}>
      <CategoryForm />
    </Edit>
  );
}

export const catalogueProviders = {
  name: 'catalogue_providers',
  list: ProviderList,
  options: { label: 'Game providers' },
};
export const catalogueGames = { name: 'catalogue_games', list: GameList, edit: GameEdit, options: { label: 'Games' } };
export const catalogueCategories = {
  name: 'catalogue_categories',
  list: CategoryList,
  edit: CategoryEdit,
  options: { label: 'Categories' },
};

/** The three screens, in menu order. */
export const catalogueResources = [catalogueProviders, catalogueGames, catalogueCategories];
