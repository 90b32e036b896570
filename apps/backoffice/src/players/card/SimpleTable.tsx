/** A plain table for the card's parts that are not paged lists (bonuses, free spins, limits). */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type Column<T> = { label: string; render: (row: T) => ReactNode; align?: 'right' };

export function SimpleTable<T extends { id: number | string }>({
  rows,
  columns,
  empty,
  testId,
}: {
  rows: T[];
  columns: Array<Column<T>>;
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {empty}
      </Typography>
    );
  // Wide tables scroll within the card, never the page.
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** What a part of the card shows while it loads or when its call failed. */
export function SectionState({ error }: { error: Error | undefined }) {
  return (
    <Typography variant="body2" color={error ? 'error' : 'text.secondary'}>
      {error ? error.message : 'Loading…'}
    </Typography>
  );
}
