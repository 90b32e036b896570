/**
 * The page's feature flags (permission `content.manage`; docs/rules/page-shell.md "Feature flags"):
 * a switch per flag over the fe config `feature-flags`, saved through the CMS's versioned write
 * path (so every save is a version, and any version can be restored). The site's guests see a
 * change at their next page; a tester's own choices (/ffc) still win on their browser.
 */
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import {
  FEATURE_FLAG_CODE_DEFAULTS,
  FEATURE_FLAG_NAMES,
  featureFlagsConfigSchema,
  type ContentEntry,
  type ContentVersion,
  type FeatureFlagName,
  type FeatureFlagsConfig,
} from '@orbit/contracts';
import { api } from '../api';
import { byWhom, checkBody, Errors, errorsOf, when } from './shared';

const PATH = '/content/fe-configs/feature-flags';
type Flags = Record<FeatureFlagName, boolean>;

const flagsOf = (value: unknown): Flags => {
  const parsed = featureFlagsConfigSchema.safeParse(value);
  const stored: FeatureFlagsConfig = parsed.success ? parsed.data : {};
  return Object.fromEntries(
    FEATURE_FLAG_NAMES.map((name) => [name, stored[name] ?? FEATURE_FLAG_CODE_DEFAULTS[name]]),
  ) as Flags;
};
const describe = (document: ContentVersion['document']) => {
  if (!document) return 'deleted (the code’s defaults)';
  const flags = flagsOf(document.value);
  return FEATURE_FLAG_NAMES.map((name) => `${name} ${flags[name] ? 'on' : 'off'}`).join(', ');
};

export function FeatureFlagsPage() {
  const notify = useNotify();
  const [entry, setEntry] = useState<ContentEntry | null>(null);
  const [flags, setFlags] = useState<Flags | null>(null);
  const [versions, setVersions] = useState<ContentVersion[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);

  const load = async () => {
    const [current, list] = await Promise.all([
      api<ContentEntry>('GET', PATH),
      api<{ data: ContentVersion[] }>('GET', `${PATH}/versions?per_page=50`),
    ]);
    setEntry(current);
    setFlags(flagsOf(current.document.value));
    setVersions(list.data);
  };
  useEffect(() => {
    load().catch((error: unknown) => setErrors(errorsOf(error)));
  }, []);

  const done = async (message: string) => {
    setErrors(null);
    notify(message, { type: 'success' });
    await load();
  };
  const save = async () => {
    if (!flags || !entry) return;
    const checked = checkBody(featureFlagsConfigSchema, flags);
    if ('errors' in checked) return setErrors(checked.errors);
    try {
      await api('PUT', PATH, { value: checked.body, base_version: entry.version });
      await done('Feature flags saved');
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };
  const restore = async (version: number) => {
    try {
      await api('POST', `${PATH}/versions/${version}/revert`, entry ? { base_version: entry.version } : {});
      await done(`Version ${version} restored`);
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Feature flags" />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body1">
          The site’s flags for every visitor. Guests see a change at their next page; a tester’s own choices on /ffc
          still win in their browser.
        </Typography>
        <Errors errors={errors} />
        {flags && (
          <Stack>
            {FEATURE_FLAG_NAMES.map((name) => (
              <FormControlLabel
                key={name}
                label={name}
                control={<Switch checked={flags[name]} onChange={(_event, on) => setFlags({ ...flags, [name]: on })} />}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row">
          <Button variant="contained" onClick={() => void save()} disabled={!flags}>
            Save flags
          </Button>
        </Stack>
        <Typography variant="h6">Versions</Typography>
        <Table size="small" aria-label="Feature flags versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Saved (UTC)</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Flags</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.version}>
                <TableCell>{v.version}</TableCell>
                <TableCell>{when(v.created_at)}</TableCell>
                <TableCell>{v.operator_id === null ? 'seed' : byWhom(String(v.operator_id))}</TableCell>
                <TableCell>{describe(v.document)}</TableCell>
                <TableCell>
                  {v.version !== entry?.version && (
                    <Button size="small" onClick={() => void restore(v.version)}>
                      Restore version {v.version}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
