import { Alert, Badge, Button, FileInput, Group, List, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { MyDevice } from '@chartroom/contracts/my-charts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useLocale } from '../../../lib/locale';
import { defaultCorridorNm, type RouteCheck, type RouteOfferProduct, type RouteOrder } from '../api/check-route';
import { newOrderKey, usePlaceRouteOrder } from '../api/place-route-order';
import { statusBadgeColours, type CoverageStatus } from '../lib/coverage-colours';

const routeAccept = '.gpx,.rtz,application/gpx+xml,application/xml,text/xml';

/** The upload form: a GPX or RTZ route and the corridor's half-width in nautical miles. */
export function RouteCheckForm({
  onCheck,
  isPending,
  error,
}: {
  onCheck: (input: { file: File; corridorNm: number }) => void;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('mycharts');
  const [file, setFile] = useState<File | null>(null);
  const [corridor, setCorridor] = useState<number | string>(defaultCorridorNm);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file) onCheck({ file, corridorNm: typeof corridor === 'number' ? corridor : Number(corridor) || defaultCorridorNm });
  };
  return (
    <Stack gap="xs" component="form" onSubmit={handleSubmit} aria-labelledby="route-check-title">
      <Title order={4} id="route-check-title">
        {t('route.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('route.intro')}
      </Text>
      <Group align="end">
        <FileInput
          label={t('route.file')}
          placeholder={t('route.filePlaceholder')}
          accept={routeAccept}
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('route.clearFile') }}
          miw={260}
        />
        <NumberInput
          label={t('route.corridor')}
          value={corridor}
          onChange={setCorridor}
          min={0.1}
          max={50}
          step={1}
          decimalScale={1}
          w={160}
        />
        <Button type="submit" loading={isPending} disabled={!file}>
          {t('route.check')}
        </Button>
      </Group>
      {error ? <ErrorAlert error={error} title={t('route.failed')} /> : null}
    </Stack>
  );
}

function formatPrice(product: RouteOfferProduct, locale: string): string {
  const value = product.price;
  if (value === null || !Number.isFinite(value)) return '–';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: product.currency }).format(value);
  } catch {
    return `${value} ${product.currency}`;
  }
}

/** What a checked route needs: its cells (licensed or not, status on the device), the stretches no chart covers, the offers. */
export function RouteCheckResult({
  check,
  device,
  orderDevice,
}: {
  check: RouteCheck;
  /** The device whose statuses are shown. */
  device: MyDevice | undefined;
  /** The device the route was checked for: the order is its. */
  orderDevice?: MyDevice | undefined;
}) {
  const { t } = useTranslation('mycharts');
  const locale = useLocale();
  const nm = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const missing = check.cells.filter((c) => !c.isLicensed);

  return (
    <Stack gap="sm" data-testid="route-check-result">
      <Text size="sm" role="status">
        {t('route.summary', {
          length: nm.format(check.route.lengthNm),
          corridor: nm.format(check.corridorNm),
          count: check.cells.length,
          missing: missing.length,
        })}
      </Text>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('route.cellsTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.cell')}</Table.Th>
                <Table.Th>{t('columns.product')}</Table.Th>
                <Table.Th>{t('columns.band')}</Table.Th>
                <Table.Th>{t('route.along')}</Table.Th>
                <Table.Th>{t('route.licence')}</Table.Th>
                {device && <Table.Th>{t('columns.status')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {check.cells.map((cell) => {
                const status: CoverageStatus | undefined = cell.isLicensed ? cell.status?.[String(device?.installationId)] : 'not-licensed';
                return (
                  <Table.Tr key={`${cell.product}:${cell.name}:${cell.fromNm}`}>
                    <Table.Td>{cell.name}</Table.Td>
                    <Table.Td>{cell.product}</Table.Td>
                    <Table.Td>{cell.band ?? '–'}</Table.Td>
                    <Table.Td>{t('route.range', { from: nm.format(cell.fromNm), to: nm.format(cell.toNm) })}</Table.Td>
                    <Table.Td>{cell.isLicensed ? t('route.licensed') : t('route.missing')}</Table.Td>
                    {device && (
                      <Table.Td>
                        {status && (
                          <Badge color={statusBadgeColours[status]} variant="light">
                            {t(`status.${status}`)}
                          </Badge>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {check.gaps.length > 0 && (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {t('route.gapsTitle')}
          </Text>
          <List size="sm" data-testid="route-gaps">
            {check.gaps.map((g) => (
              <List.Item key={`${g.fromNm}-${g.toNm}`}>{t('route.gap', { from: nm.format(g.fromNm), to: nm.format(g.toNm) })}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {missing.length > 0 && (
        <Stack gap="xs">
          <Title order={5}>{t('route.offersTitle')}</Title>
          {check.offers.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('route.noOffers')}
            </Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs" aria-label={t('route.offersTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('route.offerCells')}</Table.Th>
                      <Table.Th>{t('route.offerProduct')}</Table.Th>
                      <Table.Th>{t('route.offerProvider')}</Table.Th>
                      <Table.Th>{t('route.offerPrice')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {check.offers.flatMap((offer) =>
                      offer.products.map((product) => (
                        <Table.Tr key={`${offer.cellNames.join(',')}:${product.productId}`}>
                          <Table.Td>{offer.cellNames.join(', ')}</Table.Td>
                          <Table.Td>{product.productName}</Table.Td>
                          <Table.Td>{product.providerName}</Table.Td>
                          <Table.Td>{formatPrice(product, locale)}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
          {check.order && <RouteOrderAction routeOrder={check.order} deviceName={orderDevice?.deviceId} />}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The one-click order of a ship on an agreement: the route check's ready-made body sent to the order
 * flow. One key per checked route, so a second click returns the first order instead of a second charge.
 */
function RouteOrderAction({ routeOrder, deviceName }: { routeOrder: RouteOrder; deviceName: string | undefined }) {
  const { t } = useTranslation('mycharts');
  const locale = useLocale();
  const [idempotencyKey] = useState(newOrderKey);
  const place = usePlaceRouteOrder();
  const placed = place.data;
  const total = placed
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: placed.currency }).format(Number(placed.priceTotal))
    : '';
  return (
    <Stack gap="xs">
      <Group>
        <Button
          onClick={() => place.mutate({ body: routeOrder, idempotencyKey })}
          loading={place.isPending}
          disabled={Boolean(placed && placed.status !== 'error')}
        >
          {deviceName
            ? t('route.orderFor', { count: routeOrder.items.length, device: deviceName })
            : t('route.order', { count: routeOrder.items.length })}
        </Button>
      </Group>
      {placed &&
        (placed.status === 'error' ? (
          <Alert color="red" variant="light" role="alert">
            {t(`route.orderRefused.${placed.errorReason ?? 'other'}`)}
          </Alert>
        ) : (
          <Alert color="green" variant="light" role="status">
            {t('route.ordered', { id: placed.id, total })}
          </Alert>
        ))}
      {place.error && <ErrorAlert error={place.error} title={t('route.orderFailed')} />}
    </Stack>
  );
}
