import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { licensingPanels } from './licensing-panels';
import { useProviderMe } from '../../provider/api/get-provider-me';
import { ProviderTabs, type ProviderTab } from '../../provider/components/provider-tabs';
import { useProfile } from '../../user/api/get-profile';
import { useGeocontent, useGeocontents } from '../api/get-geocontents';
import { useSetCurrentGeocontent } from '../api/set-current-geocontent';
import { AddGeocontentForm } from './add-geocontent-form';
import { CatalogTab, type CatalogSection } from './catalog-tab';
import { GeocontentSwitcher } from './geocontent-switcher';

type ProviderCabinetFrameProps = {
  tab: ProviderTab;
  onTabChange: (tab: ProviderTab) => void;
  catalogSection: CatalogSection;
  encView: 'list' | 'confirm';
  onCatalogSectionChange: (section: CatalogSection) => void;
};

/**
 * `/provider/geocontent/…`: the current geocontent (the server remembers it per user, so it survives a reload;
 * by default the provider's last one), its provider, the switcher, the add form and the tabs.
 */
export function ProviderCabinetFrame({ tab, onTabChange, catalogSection, encView, onCatalogSectionChange }: ProviderCabinetFrameProps) {
  const { t } = useTranslation('cabinet');
  const provider = useProviderMe();
  const profile = useProfile();
  const list = useGeocontents();
  const switcher = useSetCurrentGeocontent();
  const geoContents = list.data ?? [];
  const remembered = geoContents.find((gc) => gc.id === profile.data?.currentGcId);
  const currentId = (remembered ?? geoContents.at(-1))?.id ?? null;
  const current = useGeocontent(currentId);

  if (provider.isPending || profile.isPending || list.isPending) return <PageLoader />;
  if (provider.isError || profile.isError || list.isError) return <ErrorAlert error={provider.error ?? profile.error ?? list.error} />;

  const handleSwitch = (id: number) => switcher.mutate(id);
  // Products come with /providers/me, which the licensing tabs invalidate after a change.
  const withProducts = provider.data.geoContents.find((gc) => gc.id === currentId);

  return (
    <Stack gap="lg">
      <PageHeader
        title={current.data?.title ?? geoContents.find((gc) => gc.id === currentId)?.title ?? provider.data.title}
        subtitle={
          <Group gap="xs">
            <Text span size="sm">
              {t('provider')}
            </Text>
            <Badge variant="light" size="lg" tt="none" data-testid="provider-title">
              {provider.data.title}
            </Badge>
          </Group>
        }
      />
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          {currentId !== null && (
            <GeocontentSwitcher geoContents={geoContents} value={currentId} isSwitching={switcher.isPending} onChange={handleSwitch} />
          )}
          <AddGeocontentForm onCreated={() => undefined} />
        </Group>
        {switcher.isError && <ErrorAlert error={switcher.error} />}
      </Paper>
      {currentId !== null ? (
        <ProviderTabs
          key={currentId}
          tab={tab}
          onTabChange={onTabChange}
          panels={{
            ...(withProducts ? licensingPanels(withProducts) : {}),
            catalog: <CatalogTab gcid={currentId} section={catalogSection} encView={encView} onSectionChange={onCatalogSectionChange} />,
          }}
        />
      ) : (
        <EmptyState title={t('noGeocontent.title')} description={t('noGeocontent.text')} />
      )}
    </Stack>
  );
}
