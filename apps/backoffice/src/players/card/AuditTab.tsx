/** The audit entries whose target is the player: what operators did to them, newest first. */
import {
  Datagrid,
  DateField,
  FunctionField,
  NumberField,
  Pagination,
  ReferenceManyField,
  TextField,
} from 'react-admin';
import type { BackofficeAuditEntry } from '@orbit/contracts';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function AuditTab() {
  return (
    <ReferenceManyField reference="audit_log" target="players" perPage={25} pagination={<Pagination />}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-audit">
        <NumberField source="seq" label="#" sortable={false} />
        <DateField source="at" label="When" showTime sortable={false} />
        <TextField source="actor" label="Who" sortable={false} />
        <TextField source="role" sortable={false} />
        <TextField source="action" sortable={false} />
        <FunctionField<BackofficeAuditEntry> label="Before" render={(e) => json(e.before)} />
        <FunctionField<BackofficeAuditEntry> label="After" render={(e) => json(e.after)} />
        <TextField source="reason" sortable={false} />
      </Datagrid>
    </ReferenceManyField>
  );
}
