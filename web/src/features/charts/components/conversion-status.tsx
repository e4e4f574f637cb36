import type { S63Conversion } from '@chartroom/contracts/charts';
import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

const stateColour = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;
const cellColour = { decrypted: 'teal', no_permit: 'orange', permit_expired: 'orange', wrong_key: 'red', corrupt: 'red' } as const;

/** The S-63 conversion job's state until it is done, then each cell's outcome. */
export function ConversionStatus({ conversion }: { conversion: S63Conversion }) {
  const { t } = useTranslation('charts');
  const isWorking = conversion.state === 'queued' || conversion.state === 'running';
  return (
    <Stack gap="xs" data-testid="conversion-status">
      <Group gap="sm">
        <Text size="sm">{t('conversion.title', { name: conversion.zipFileName, date: formatDateTime(conversion.createdAt) ?? '' })}</Text>
        <Badge color={stateColour[conversion.state]} variant="light" leftSection={isWorking ? <Loader size={10} /> : null}>
          {t(`conversion.state.${conversion.state}`)}
        </Badge>
      </Group>
      {isWorking && <Text size="sm" c="dimmed">{t('s63.uploaded')}</Text>}
      {conversion.state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('conversion.failed')} {conversion.error}
        </Alert>
      )}
      {conversion.cells.length > 0 && (
        <Table withTableBorder maw={560}>
          <Table.Tbody>
            {conversion.cells.map((cell) => (
              <Table.Tr key={`${cell.name}.${cell.update}`}>
                <Table.Td>{`${cell.name}.${String(cell.update).padStart(3, '0')}`}</Table.Td>
                <Table.Td>
                  <Badge color={cellColour[cell.status]} variant="light">
                    {t(`conversion.cell.${cell.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
