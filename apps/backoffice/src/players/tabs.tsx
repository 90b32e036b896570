/**
 * The tabs of the player's card, in order. The show page renders exactly this list, each tab only
 * for a role holding its permission (the server checks every call all the same). Another part of
 * the back office adds a tab by adding an entry here: its component gets the player as the record
 * (`useRecordContext`), and `path` makes its address `/backoffice/players/:id/show/<path>`.
 */
import type { ReactElement } from 'react';
import { BlockTab } from './actions/BlockTab';
import { GroupsTab } from './actions/GroupsTab';
import { LimitRequestTab } from './actions/LimitRequestTab';
import { NotesTab } from './actions/NotesTab';
import { SessionsTab } from './actions/SessionsTab';
import { AccountsTab } from './card/AccountsTab';
import { AuditTab } from './card/AuditTab';
import { BonusesTab } from './card/BonusesTab';
import { DocumentsTab } from './card/DocumentsTab';
import { LedgerTab } from './card/LedgerTab';
import { LimitsTab } from './card/LimitsTab';
import { PaymentsTab } from './card/PaymentsTab';
import { ProfileTab } from './card/ProfileTab';
import { RoundsTab } from './card/RoundsTab';

export type PlayerTab = {
  label: string;
  /** The tab's address under the card; '' for the first (the card's own address). */
  path: string;
  /** The permission the role needs to see the tab. */
  permission: string;
  element: ReactElement;
};

export const playerTabs: PlayerTab[] = [
  { label: 'Profile', path: '', permission: 'players.read', element: <ProfileTab /> },
  { label: 'Accounts', path: 'accounts', permission: 'players.read', element: <AccountsTab /> },
  { label: 'Ledger', path: 'ledger', permission: 'players.read', element: <LedgerTab /> },
  { label: 'Payments', path: 'payments', permission: 'payments.read', element: <PaymentsTab /> },
  { label: 'Rounds', path: 'rounds', permission: 'players.read', element: <RoundsTab /> },
  { label: 'Bonuses', path: 'bonuses', permission: 'players.read', element: <BonusesTab /> },
  { label: 'Limits', path: 'limits', permission: 'limits.read', element: <LimitsTab /> },
  { label: 'Set limit', path: 'set-limit', permission: 'limits.tighten', element: <LimitRequestTab /> },
  { label: 'Documents', path: 'documents', permission: 'players.read', element: <DocumentsTab /> },
  { label: 'Groups', path: 'groups', permission: 'players.read', element: <GroupsTab /> },
  { label: 'Notes', path: 'notes', permission: 'players.read', element: <NotesTab /> },
  { label: 'Sessions', path: 'sessions', permission: 'players.sessions', element: <SessionsTab /> },
  { label: 'Block', path: 'block', permission: 'players.read', element: <BlockTab /> },
  { label: 'Audit', path: 'audit', permission: 'players.read', element: <AuditTab /> },
];
