/**
 * The support inbox (permission `support.reply`): the players' and visitors' chats and the
 * contact form's messages, open and waiting for an answer first; a conversation's page with the
 * thread, the reply box and its canned answers, and who writes beside them (ConversationShow.tsx).
 */
import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SelectInput, TextField } from 'react-admin';
import {
  SUPPORT_CONVERSATION_STATUSES,
  SUPPORT_LINES,
  SUPPORT_PARTIES,
  SUPPORT_QUEUES,
  type BackofficeSupportConversation,
} from '@orbit/contracts';
import { ConversationShow } from './ConversationShow';
import { SUPPORT_REFETCH_MS, SUPPORT_RESOURCE } from './resource';
import { LINE_LABELS, PARTY_LABELS, whoOf } from './who';

const choices = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((value) => ({ id: value, name: labels?.[value] ?? value }));
const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={choices(SUPPORT_CONVERSATION_STATUSES)}
    alwaysOn
    emptyText="All"
  />,
  <SelectInput key="queue" source="queue" choices={choices(SUPPORT_QUEUES)} alwaysOn emptyText="All" />,
  <SelectInput
    key="party"
    source="party"
    label="Kind"
    choices={choices(SUPPORT_PARTIES, PARTY_LABELS)}
    alwaysOn
    emptyText="All"
  />,
  <SelectInput key="line" source="line" choices={choices(SUPPORT_LINES, LINE_LABELS)} alwaysOn emptyText="All" />,
];

/** The number of player messages waiting for an answer, loud when there are any. */
function Unread({ conversation }: { conversation: BackofficeSupportConversation }) {
  if (conversation.unread === 0) return <span>0</span>;
  return <Chip size="small" color="warning" label={`${conversation.unread} unread`} />;
}

function Preview({ conversation }: { conversation: BackofficeSupportConversation }) {
  const last = conversation.last_message;
  if (!last) return null;
  return <span>{`${last.author === 'operator' ? 'Support: ' : ''}${last.body}`}</span>;
}

export function ConversationList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'last_message_at', order: 'DESC' }}
      exporter={false}
      queryOptions={{ refetchInterval: SUPPORT_REFETCH_MS }}
      title="Support inbox"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" sortable={false} />
        <FunctionField label="From" render={(c: BackofficeSupportConversation) => whoOf(c)} sortable={false} />
        <FunctionField
          label="Kind"
          render={(c: BackofficeSupportConversation) => PARTY_LABELS[c.party]}
          sortable={false}
        />
        <FunctionField
          label="Unread"
          render={(c: BackofficeSupportConversation) => <Unread conversation={c} />}
          sortable={false}
        />
        <FunctionField
          label="Last message"
          render={(c: BackofficeSupportConversation) => <Preview conversation={c} />}
          sortable={false}
        />
        <TextField source="queue" sortable={false} />
        <FunctionField
          label="Line"
          render={(c: BackofficeSupportConversation) => LINE_LABELS[c.line]}
          sortable={false}
        />
        <TextField source="status" sortable={false} />
        <DateField source="last_message_at" label="Last message at" showTime sortable={false} />
      </Datagrid>
    </List>
  );
}

export const supportInbox = {
  name: SUPPORT_RESOURCE,
  list: ConversationList,
  show: ConversationShow,
  options: { label: 'Support inbox' },
};
