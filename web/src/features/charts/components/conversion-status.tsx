import type { S63Conversion } from '@chartroom/contracts/charts';
import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

const stateColour = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;
const cellColour = { decrypted: 'teal', no_permit: 'orange', permit_expired: 'orange', wrong_key: 'red', corrupt: 'red' } as const;

type CellResult = S63Conversion['cells'][number];

function countOutcomes(cells: CellResult[]) {
  const converted = cells.filter((c) => c.status === 'decrypted');
  const warned = converted.filter((c) => c.warnings.length > 0).length;
  return { converted: converted.length - warned, warned, refused: cells.length - converted.length };
}

/** Converted, converted with the standard's warnings, or refused with the reason (by code, translated). */
function CellOutcome({ cell }: { cell: CellResult }) {
  const { t } = useTranslation('charts');
  if (cell.status !== 'decrypted') {
    return (
      <Stack gap={2}>
        <Badge color={cellColour[cell.status]} variant="light">
          {t(`conversion.cell.${cell.status}`)}
        </Badge>
        <Text size="xs">{t(`conversion.reason.${cell.status}`)}</Text>
      </Stack>
    );
  }
  if (cell.warnings.length === 0) {
    return (
      <Badge color="teal" variant="light">
        {t('conversion.converted')}
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="yellow" variant="light">
        {t('conversion.convertedWithWarning')}
      </Badge>
      {cell.warnings.map((w) => (
        <Text key={w.code} size="xs" c="orange">
          {t(`conversion.warning.${w.code}`)}
        </Text>
      ))}
    </Stack>
  );
}

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
      {isWorking && (
        <Text size="sm" c="dimmed">
          {t('s63.uploaded')}
        </Text>
      )}
      {conversion.state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('conversion.failed')} {t('conversion.failedHint')}
        </Alert>
      )}
      {conversion.cells.length > 0 && (
        <>
          <Text size="sm" data-testid="conversion-summary">
            {t('conversion.summary', countOutcomes(conversion.cells))}
          </Text>
          <Table withTableBorder maw={760}>
            <Table.Tbody>
              {conversion.cells.map((cell) => (
                <Table.Tr key={`${cell.name}.${cell.update}`} data-testid="conversion-cell">
                  <Table.Td>{`${cell.name}.${String(cell.update).padStart(3, '0')}`}</Table.Td>
                  <Table.Td>
                    <CellOutcome cell={cell} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
