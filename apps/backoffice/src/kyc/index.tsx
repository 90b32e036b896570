/**
 * The KYC documents (permission `kyc.review`): the queue, pending first; a document's page with its
 * file shown in the page, the player, and the decision (approve or reject, with the reason the
 * player reads).
 */
import { Box } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  Link,
  List,
  NumberField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField as RaTextField,
  useBasename,
  useRecordContext,
} from 'react-admin';
import { DOCUMENT_STATUSES, type BackofficeDocument } from '@orbit/contracts';
import { api } from '../api';
import { ReasonButtons } from '../layout/DecisionButtons';

const statusChoices = DOCUMENT_STATUSES.map((status) => ({ id: status, name: status }));
const filters = [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="All" />];

/** The file's address: the casino serves it to operators only, with its own strict policy. */
const fileUrl = (id: number) => `/api/backoffice/documents/${id}/file`;

export function DocumentList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <RaTextField source="id" sortable={false} />
        <RaTextField source="player_email" label="Player" sortable={false} />
        <RaTextField source="kind" sortable={false} />
        <RaTextField source="status" sortable={false} />
        <RaTextField source="content_type" label="Type" sortable={false} />
        <NumberField source="size_bytes" label="Bytes" sortable={false} />
        <DateField source="created_at" label="Uploaded" showTime sortable={false} />
        <DateField source="reviewed_at" label="Reviewed" showTime sortable={false} />
        <RaTextField source="reason" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The file inside the page: an image as an image, a PDF in the browser's own viewer. */
function DocumentViewer() {
  const document = useRecordContext<BackofficeDocument>();
  if (!document) return null;
  const title = `Document ${document.id}`;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', bgcolor: 'grey.100', p: 1 }}>
      {document.content_type === 'application/pdf' ? (
        <iframe
          src={fileUrl(document.id)}
          title={title}
          style={{ width: '100%', height: '75vh', border: 0, display: 'block' }}
        />
      ) : (
        <img
          src={fileUrl(document.id)}
          alt={title}
          style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', margin: '0 auto' }}
        />
      )}
    </Box>
  );
}

/** The player's address, to the players' list found by their id. */
function PlayerLink() {
  const document = useRecordContext<BackofficeDocument>();
  const basename = useBasename();
  if (!document) return null;
  const search = new URLSearchParams({ filter: JSON.stringify({ q: String(document.user_id) }) });
  return (
    <Link to={`${basename}/players?${search.toString()}`}>{document.player_email ?? `player ${document.user_id}`}</Link>
  );
}

function DecisionButtons() {
  const document = useRecordContext<BackofficeDocument>();
  if (!document || document.status !== 'pending') return null;
  return (
    <ReasonButtons
      title={(choice) => `${choice.label} document ${document.id}`}
      choices={[
        { label: 'Approve', color: 'success', done: 'Document approved' },
        { label: 'Reject', color: 'error', done: 'Document rejected' },
      ]}
      hint="The player reads it on their verification page."
      onDecide={(choice, reason) =>
        api('POST', `/documents/${document.id}/review`, {
          status: choice.label === 'Approve' ? 'approved' : 'rejected',
          reason,
        })
      }
    />
  );
}

/** The facts and the decision on the left, the file beside them, large. */
export function DocumentShow() {
  return (
    <Show>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: 'minmax(280px, 360px) 1fr' }, alignItems: 'start' }}>
        <SimpleShowLayout>
          <RaTextField source="id" />
          <Labeled label="Player">
            <PlayerLink />
          </Labeled>
          <RaTextField source="kind" />
          <RaTextField source="status" />
          <RaTextField source="reason" emptyText="—" />
          <FunctionField
            label="File"
            render={(d: BackofficeDocument) =>
              `${d.content_type}, ${d.size_bytes} bytes${d.original_name ? `, sent as ${d.original_name}` : ''}`
            }
          />
          <DateField source="created_at" label="Uploaded" showTime />
          <DateField source="reviewed_at" label="Reviewed" showTime emptyText="—" />
          <DecisionButtons />
        </SimpleShowLayout>
        <Box sx={{ p: 2 }}>
          <DocumentViewer />
        </Box>
      </Box>
    </Show>
  );
}

export const documents = { name: 'documents', list: DocumentList, show: DocumentShow, options: { label: 'Documents' } };
