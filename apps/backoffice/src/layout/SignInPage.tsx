/** Email, password and the authenticator's code; the code may stay empty before two-factor is set up. */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useLogin, useNotify } from 'react-admin';

export function SignInPage() {
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login({ email: form.get('email'), password: form.get('password'), otp: form.get('otp') });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Sign-in failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 360 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Orbit back office
          </Typography>
          <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField name="email" label="Email" type="email" autoComplete="username" required />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
            <TextField
              name="otp"
              label="Authenticator code"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              helperText="Leave empty only at your first sign-in, before two-factor is set up."
            />
            <Button type="submit" variant="contained" disabled={busy}>
              Sign in
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
