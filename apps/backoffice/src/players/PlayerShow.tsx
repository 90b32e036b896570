/**
 * The player's card (`/backoffice/players/:id/show`): a header naming the player with their
 * standing at a glance, then the tabs of tabs.tsx that the operator's role may open.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Show, TabbedShowLayout, TabbedShowLayoutTabs, useRecordContext, usePermissions } from 'react-admin';
import type { BackofficePlayerProfile } from '@orbit/contracts';
import { PlayerCurrencies } from './money';
import { usePlayerProfile } from './profile';
import { playerTabs } from './tabs';

const nameOf = (p: BackofficePlayerProfile) => [p.first_name, p.last_name].filter(Boolean).join(' ');

function restrictionLabel(p: BackofficePlayerProfile): string | null {
  const { cooling_off, self_exclusion } = p.restrictions;
  const until = (at: string | null) => (at ? `until ${new Date(at).toLocaleDateString()}` : 'permanent');
  if (self_exclusion) return `Self-excluded ${until(self_exclusion.until)}`;
  if (cooling_off) return `Cooling off ${until(cooling_off.until)}`;
  return null;
}

function PlayerHeader() {
  const player = usePlayerProfile();
  if (!player) return null;
  const restriction = restrictionLabel(player);
  const verification = player.verification.status;
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="player-header">
      <Typography variant="h5" component="h1">
        Player {player.id}: {player.email}
      </Typography>
      {nameOf(player) && <Typography variant="body1">{nameOf(player)}</Typography>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip
          size="small"
          label={player.confirmed ? 'Confirmed' : 'Not confirmed'}
          color={player.confirmed ? 'success' : 'default'}
        />
        <Chip
          size="small"
          label={player.two_factor ? '2FA on' : '2FA off'}
          color={player.two_factor ? 'success' : 'default'}
        />
        <Chip
          size="small"
          label={`KYC: ${verification}`}
          color={
            verification === 'verified'
              ? 'success'
              : verification === 'rejected'
                ? 'error'
                : verification === 'pending'
                  ? 'warning'
                  : 'default'
          }
        />
        {restriction ? (
          <Chip size="small" color="error" label={restriction} />
        ) : (
          <Chip size="small" label="No restrictions" />
        )}
      </Stack>
    </Stack>
  );
}

function PlayerTabs() {
  const player = usePlayerProfile();
  const { permissions } = usePermissions<string[]>();
  if (!player) return null;
  const allowed = playerTabs.filter((tab) => permissions?.includes(tab.permission));
  return (
    <PlayerCurrencies playerId={player.id}>
      {/* Scrollable: the tabs of a role with every permission outgrow a laptop's width. */}
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        {allowed.map((tab) => (
          <TabbedShowLayout.Tab key={tab.path} label={tab.label} path={tab.path || undefined}>
            <Box sx={{ overflowX: 'auto' }}>{tab.element}</Box>
          </TabbedShowLayout.Tab>
        ))}
      </TabbedShowLayout>
    </PlayerCurrencies>
  );
}

const titleOf = (player: BackofficePlayerProfile | undefined) => (player ? `Player ${player.id}` : 'Player');

function PlayerTitle() {
  const player = useRecordContext<BackofficePlayerProfile>();
  return <>{titleOf(player)}</>;
}

export function PlayerShow() {
  return (
    // Sized by the page, never by its content: wide parts (the tabs, a statement) scroll inside it.
    <Show title={<PlayerTitle />} sx={{ contain: 'inline-size' }}>
      <PlayerHeader />
      <PlayerTabs />
    </Show>
  );
}
