/** The player's verification documents: kind, review state and reason, file facts (no file). */
import { Datagrid, DateField, FunctionField, NumberField, ReferenceManyField, TextField } from 'react-admin';
import type { VerificationDocument } from '@orbit/contracts';

export function DocumentsTab() {
  return (
    <ReferenceManyField reference="documents" target="players" perPage={200}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-documents" empty={<NoDocuments />}>
        <TextField source="id" sortable={false} />
        <TextField source="kind" sortable={false} />
        <TextField source="status" sortable={false} />
        <TextField source="reason" sortable={false} />
        <TextField source="original_name" label="File name" sortable={false} />
        <TextField source="content_type" label="Type" sortable={false} />
        <NumberField source="size_bytes" label="Bytes" sortable={false} />
        <DateField source="created_at" label="Uploaded" showTime sortable={false} />
        <FunctionField<VerificationDocument>
          label="Reviewed"
          render={(d) => (d.reviewed_at ? new Date(d.reviewed_at).toLocaleString() : '')}
        />
      </Datagrid>
    </ReferenceManyField>
  );
}

function NoDocuments() {
  return <p>No documents uploaded.</p>;
}
