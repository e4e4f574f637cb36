import { Box, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export type ResponsiveColumn<Row> = {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** The header is for screen readers only (a column of links or buttons); the label is still required. */
  isLabelHidden?: boolean;
};

type ResponsiveTableProps<Row> = {
  label: string;
  columns: ResponsiveColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
};

/**
 * A table on a wide screen; on a phone each row becomes a small card of label/value pairs, so no
 * column is cut off or hidden behind a sideways scroll.
 */
export function ResponsiveTable<Row>({ label, columns, rows, rowKey }: ResponsiveTableProps<Row>) {
  return (
    <>
      <Box visibleFrom="md">
        <Table striped highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align}>
                  {column.isLabelHidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align} style={{ overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="md" gap="xs" role="list" aria-label={label}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} withBorder p="xs" radius="md" role="listitem">
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              {columns.map((column) => (
                <Stack key={column.key} gap={0} style={{ minWidth: 0 }}>
                  {column.label && !column.isLabelHidden && (
                    <Text size="xs" c="dimmed">
                      {column.label}
                    </Text>
                  )}
                  <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
