/** The first sign-in's only page: a new authenticator secret, and a code from it turns two-factor on. */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useBasename, useNotify } from 'react-admin';
import type { BackofficeMe } from '@orbit/contracts';
import { api } from '../api';

export function TwoFactorSetup() {
  const notify = useNotify();
  const basename = useBasename();
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  useEffect(() => {
    api<{ secret: string; otpauth_uri: string }>('POST', '/two_factor/setup').then(setSetup, (error: unknown) =>
      notify(error instanceof Error ? error.message : 'Setup failed', { type: 'error' }),
    );
  }, [notify]);
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '');
    try {
      await api<BackofficeMe>('POST', '/two_factor/confirm', { otp });
      // A fresh start of the app: the role's permissions (none until now) and menu are asked anew.
      window.location.assign(`${basename}/`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Wrong code', { type: 'error' });
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 460 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            Set up two-factor
          </Typography>
          <Alert severity="info">
            Every operator signs in with a code from an authenticator app. Add this secret to yours.
          </Alert>
          {setup && (
            <>
              <TextField label="Secret" value={setup.secret} slotProps={{ htmlInput: { readOnly: true } }} />
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {setup.otpauth_uri}
              </Typography>
            </>
          )}
          <Box component="form" onSubmit={confirm} sx={{ display: 'grid', gap: 2 }}>
            <TextField name="otp" label="Code from the app" autoComplete="one-time-code" required />
            <Button type="submit" variant="contained" disabled={!setup}>
              Turn two-factor on
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
