import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/dates';
import { licensingPanels } from '../../licenses/components/licensing-panels';
import { useProviderMe } from '../api/get-provider-me';
import { GeocontentPicker } from './geocontent-picker';
import { ProviderTabs, type ProviderTab } from './provider-tabs';

type ProviderCabinetProps = {
  /** The chosen geocontent id, or null for the default (the provider's last one). */
  geocontentId: number | null;
  onGeocontentChange: (id: number) => void;
  tab: ProviderTab;
  onTabChange: (tab: ProviderTab) => void;
};

export function ProviderCabinet({ geocontentId, onGeocontentChange, tab, onTabChange }: ProviderCabinetProps) {
  const { t } = useTranslation('provider');
  const provider = useProviderMe();

  if (provider.isPending) return <PageLoader />;
  if (provider.isError) return <ErrorAlert error={provider.error} />;

  const { title, geoContents } = provider.data;
  const current = geoContents.find((gc) => gc.id === geocontentId) ?? geoContents.at(-1);

  return (
    <Stack gap="lg">
      <PageHeader
        title={current?.title ?? title}
        subtitle={
          <Group gap="xs">
            <Text span size="sm">
              {t('cabinet.provider')}
            </Text>
            <Badge variant="light" size="lg" tt="none">
              {title}
            </Badge>
          </Group>
        }
      />
      {current ? (
        <>
          <Paper withBorder p="md">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
              <GeocontentPicker geoContents={geoContents} value={current.id} onChange={onGeocontentChange} />
              <Text size="sm" c="dimmed">
                {t('cabinet.created', { date: formatDate(current.createdAt) ?? '' })}
                {' · '}
                {t('cabinet.geocontentCount', { count: geoContents.length })}
              </Text>
            </Group>
          </Paper>
          <ProviderTabs tab={tab} onTabChange={onTabChange} panels={licensingPanels(current)} />
        </>
      ) : (
        <EmptyState title={t('cabinet.noGeocontent.title')} description={t('cabinet.noGeocontent.text')} />
      )}
    </Stack>
  );
}
