import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePaths } from '../../../lib/locale';
import { catalogSections, type CatalogSection } from '../../../lib/paths';
import { MsgTab } from '../../nav-messages/components/msg-tab';
import { NtmTab } from '../../ntm/components/ntm-tab';
import { PoiTab } from '../../poi/components/poi-tab';
import { RawTab } from '../../raw-depth/components/raw-tab';
import { useGoToMap } from '../api/go-to-map';

export { catalogSections, type CatalogSection };

export function isCatalogSection(value: string | undefined): value is CatalogSection {
  return (catalogSections as readonly string[]).includes(value ?? '');
}

// The chart tabs load on first view: they bring the upload forms and the S-102 preview with them.
const EncTab = lazy(async () => ({ default: (await import('../../charts/components/enc-tab')).EncTab }));
const S102Tab = lazy(async () => ({ default: (await import('../../charts/components/s102-tab')).S102Tab }));
const S100Tab = lazy(async () => ({ default: (await import('../../charts/components/s100-tab')).S100Tab }));

type CatalogTabProps = {
  gcid: number;
  section: CatalogSection;
  /** enc only: its list, or the apply-changes screen of a staged upload (spec §2: enc/list, enc/confirm). */
  encView: 'list' | 'confirm';
  onSectionChange: (section: CatalogSection) => void;
};

/** The catalogue tab; the sub-tab follows the address (`/provider/geocontent/catalog/{enc/list|s102/list|ntm|poi|msg|raw}`). */
export function CatalogTab({ gcid, section: active, encView, onSectionChange }: CatalogTabProps) {
  const { t } = useTranslation('catalog');
  const paths = usePaths();
  const navigate = useNavigate();
  const goToMap = useGoToMap();

  const handleMap = () => goToMap.mutate(gcid, { onSuccess: ({ taskId }) => navigate(paths.map(taskId)) });
  const chartPanel = (tab: ReactNode) => <Suspense fallback={<PageLoader />}>{tab}</Suspense>;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button onClick={handleMap} loading={goToMap.isPending} variant="light">
          {t('map')}
        </Button>
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            {t('ais')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('weather')}
          </Text>
        </Group>
      </Group>
      {goToMap.isError && <ErrorAlert error={goToMap.error} />}
      <Tabs
        value={active}
        onChange={(value) => isCatalogSection(value ?? undefined) && onSectionChange(value as CatalogSection)}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List mb="md">
          {catalogSections.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`sections.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="enc">{chartPanel(<EncTab gcid={gcid} confirm={encView === 'confirm'} />)}</Tabs.Panel>
        <Tabs.Panel value="s102">{chartPanel(<S102Tab gcid={gcid} />)}</Tabs.Panel>
        <Tabs.Panel value="s100">{chartPanel(<S100Tab gcid={gcid} />)}</Tabs.Panel>
        <Tabs.Panel value="ntm">
          <NtmTab gcid={gcid} />
        </Tabs.Panel>
        <Tabs.Panel value="poi">
          <PoiTab gcid={gcid} />
        </Tabs.Panel>
        <Tabs.Panel value="msg">
          <MsgTab gcid={gcid} />
        </Tabs.Panel>
        <Tabs.Panel value="raw">
          <RawTab gcid={gcid} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
