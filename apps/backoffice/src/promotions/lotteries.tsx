/**
 * Lotteries (docs/backoffice.md "Promotions"): the list, a new one (the server picks its seed and
 * shows only its SHA-256 fingerprint until the draw), and the show page: the fingerprint from the
 * start and, after the draw, the revealed seed, the winners and what re-runs the draw
 * (`npm run verify-draw`), with the server's own re-check of both.
 */
import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  Create,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import type { BackofficeLottery, Lottery } from '@orbit/contracts';
import { defaultWindow, LotteryForm, lotteryRequest, type LotteryFormValues } from './forms';
import { money, statusChoices } from './tournaments';

const filters = [
  <SearchInput key="q" source="q" placeholder="Title or slug" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="Any status" />,
];

export function LotteryList() {
  return (
    <List filters={filters} perPage={25} title="Lotteries" sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="slug" sortable={false} />
        <TextField source="status" sortable={false} />
        <DateField source="end_at" label="Draw" showTime sortable={false} />
        <TextField source="lottery_tickets_count" label="Tickets" sortable={false} />
        <FunctionField
          label="Seed fingerprint"
          sortable={false}
          render={(l: Lottery) => <code>{`${l.draw.server_seed_hash.slice(0, 16)}…`}</code>}
        />
      </Datagrid>
    </List>
  );
}

export function LotteryCreate() {
  return (
    <Create transform={(values: LotteryFormValues) => lotteryRequest(values)} redirect="show" title="New lottery">
      <LotteryForm
        defaultValues={{
          currency: 'EUR',
          comp_points_ticket_price: 0,
          deposit_scale: [{ currency: 'EUR', from_amount_cents: 2000, price_cents: 2000 }],
          max_tickets_count_to_player: 50,
          ...defaultWindow(),
          prizes: [{ award_place: 1 }],
        }}
      />
    </Create>
  );
}

/** The draw's published data and the server's re-run of it; before the draw, only the fingerprint. */
function Verification() {
  const l = useRecordContext<BackofficeLottery>();
  if (!l) return null;
  const v = l.verification;
  return (
    <Stack spacing={1} data-testid="lottery-verification">
      <Typography variant="subtitle1">Fairness</Typography>
      <Typography variant="body2">
        Seed fingerprint (SHA-256, published since creation): <code>{l.draw.server_seed_hash}</code>
      </Typography>
      {v === null ? (
        <Typography variant="body2">
          The seed stays secret until the draw at the end; {l.lottery_tickets_count} tickets so far.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            Server seed: <code>{v.server_seed}</code>
          </Typography>
          <Typography variant="body2">
            {`${v.tickets_count} tickets, ${v.places} places; winning tickets ${v.winning_tickets.join(', ') || 'none'}`}
          </Typography>
          <Typography variant="body2">
            {v.seed_matches_hash ? 'The seed matches its fingerprint' : 'The seed does NOT match its fingerprint'}
            {' · '}
            {v.winners_match ? 'the draw re-run gives the same winners' : 'the draw re-run gives OTHER winners'}
          </Typography>
          <Typography variant="body2">
            Anyone can check it: <code>{v.command}</code>
          </Typography>
          {l.winner_players.length ? (
            <Table size="small" aria-label="Winners">
              <TableHead>
                <TableRow>
                  <TableCell>Place</TableCell>
                  <TableCell>Ticket</TableCell>
                  <TableCell>Player</TableCell>
                  <TableCell>Prize</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {l.winner_players.map((w) => (
                  <TableRow key={w.award_place}>
                    <TableCell>{w.award_place}</TableCell>
                    <TableCell>{w.ticket_number}</TableCell>
                    <TableCell>{`#${w.player_id}`}</TableCell>
                    <TableCell>{l.payouts.find((p) => p.award_place === w.award_place)?.outcome ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </>
      )}
    </Stack>
  );
}

export function LotteryShow() {
  return (
    <Show title="Lottery">
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="slug" />
        <TextField source="status" />
        <DateField source="start_at" label="Starts" showTime />
        <DateField source="end_at" label="Draw" showTime />
        <TextField source="lottery_tickets_count" label="Tickets issued" />
        <TextField source="max_tickets_count_to_player" label="Tickets per player at most" />
        <FunctionField
          label="Tickets for comp points"
          render={(l: Lottery) => (l.comp_points_ticket_price ? `${l.comp_points_ticket_price} points` : 'Not sold')}
        />
        <FunctionField
          label="Tickets from deposits"
          render={(l: Lottery) =>
            Object.entries(l.deposit_scale_rules)
              .flatMap(([currency, rules]) =>
                rules.map(
                  (r) => `from ${money(r.from_amount_cents, currency)}: one per ${money(r.price_cents, currency)}`,
                ),
              )
              .join('; ') || 'None'
          }
        />
        <FunctionField
          label="Prizes"
          render={(l: BackofficeLottery) =>
            l.prize_table
              .map(
                (p) =>
                  `${p.award_place}: ${[
                    p.money_award_cents ? `${money(p.money_award_cents, l.currency)} bonus` : '',
                    p.freespins_template ? `free spins (${p.freespins_template})` : '',
                    p.comp_points ? `${p.comp_points} comp points` : '',
                  ]
                    .filter(Boolean)
                    .join(' + ')}`,
              )
              .join(' · ')
          }
        />
        <Verification />
      </SimpleShowLayout>
    </Show>
  );
}

export const lotteries = {
  name: 'lotteries',
  list: LotteryList,
  create: LotteryCreate,
  show: LotteryShow,
  options: { label: 'Lotteries' },
};
