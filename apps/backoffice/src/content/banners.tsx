/**
 * Banners per identifier and locale: schedule (starts, ends: the browser's time on screen, UTC
 * kept), player groups, signed-in or guests, the four gradient colours, labels, the button and
 * the image; drawn beside the form as the operator types (a banner's preview is its document).
 */
import { Box, Paper, Typography } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  DateField,
  DateTimeInput,
  FormDataConsumer,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { localeChoices, type FormValues } from './documents';
import { documentPages, localeFilters } from './shared';

const RESOURCE = 'content_banners';

export function BannerList() {
  return (
    <List filters={localeFilters} exporter={false} title="Banners">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="identifier" sortable={false} />
        <TextField source="locale" sortable={false} />
        <TextField source="label" label="Title" sortable={false} />
        <NumberField source="version" sortable={false} />
        <DateField source="updated_at" label="Changed" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** The banner drawn roughly as the lobby shows it: its gradient, title, description and button. */
function BannerSketch({ values }: { values: FormValues }) {
  const gradient = Array.isArray(values.gradient) ? values.gradient.map(String) : [];
  const button = values.button as { name?: string } | undefined;
  return (
    <Paper
      aria-label="Banner preview"
      sx={{
        p: 2,
        mb: 2,
        color: '#fff',
        minHeight: 120,
        background: `linear-gradient(135deg, ${gradient.join(', ')})`,
      }}
    >
      <Typography variant="h6">{String(values.title ?? '')}</Typography>
      <Typography variant="body2">{String(values.description ?? '')}</Typography>
      {Boolean(values.has_button) && button?.name && (
        <Box component="span" sx={{ mt: 1, display: 'inline-block', px: 2, py: 0.5, bgcolor: 'rgba(0,0,0,.4)' }}>
          {button.name}
        </Box>
      )}
    </Paper>
  );
}

function BannerFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextInput source="identifier" validate={required()} readOnly={!creating} />
        <SelectInput source="locale" choices={localeChoices} validate={required()} readOnly={!creating} />
      </Box>
      <FormDataConsumer>{({ formData }) => <BannerSketch values={formData as FormValues} />}</FormDataConsumer>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateTimeInput source="starts_at" label="Starts" />
        <DateTimeInput source="ends_at" label="Ends" />
        <NumberInput source="position" />
        <SelectInput
          source="size"
          choices={[
            { id: 'small', name: 'small' },
            { id: 'large', name: 'large' },
          ]}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="groups_text" label="Player groups (ids, comma-separated)" helperText="Empty: every group" />
        <NullableBooleanInput
          source="logged"
          label="Who sees it"
          nullLabel="Everyone"
          trueLabel="Signed-in players"
          falseLabel="Guests"
        />
        <TextInput source="categories_text" label="Categories" helperText="Comma-separated" />
        <TextInput source="labels_text" label="Labels" helperText="Comma-separated" />
      </Box>
      <Typography variant="subtitle2">Colours (top-left to bottom-right)</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {[0, 1, 2, 3].map((i) => (
          <TextInput key={i} source={`gradient.${i}`} label={`Colour ${i + 1}`} validate={required()} />
        ))}
      </Box>
      <TextInput source="image" label="Image (a path on this site)" fullWidth />
      <BooleanInput source="has_button" label="With a button" />
      <FormDataConsumer>
        {({ formData }) =>
          Boolean((formData as FormValues).has_button) && (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextInput source="button.name" label="Button text" />
              <TextInput source="button.url" label="Button link" helperText="/path or https://" />
              <SelectInput
                source="button.type"
                label="Opens"
                choices={[
                  { id: 'link', name: 'a page' },
                  { id: 'popup', name: 'a popup' },
                ]}
              />
              <TextInput source="button.frontend_identifier" label="Popup name" />
            </Box>
          )
        }
      </FormDataConsumer>
    </>
  );
}

const pages = documentPages({
  resource: RESOURCE,
  title: 'Banner',
  Fields: BannerFields,
  defaultValues: {
    locale: 'en',
    logged: null,
    size: 'small',
    position: 0,
    gradient: ['#1b1464', '#3a1c71', '#d76d77', '#ffaf7b'],
    has_button: false,
    button: { type: 'link' },
  },
});

export const contentBanners = {
  name: RESOURCE,
  list: BannerList,
  ...pages,
  options: { label: 'Banners' },
};
