/** The first page: who is signed in, with which role, and what that role may do. */
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions } from 'react-admin';

export function Dashboard() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Orbit back office" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Signed in as {identity?.fullName ?? '…'}
        </Typography>
        <Typography variant="body2" gutterBottom>
          Your role may:
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="permissions">
          {(permissions ?? []).map((permission) => (
            <Chip key={permission} label={permission} size="small" />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
