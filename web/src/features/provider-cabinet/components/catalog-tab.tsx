import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePaths } from '../../../lib/locale';
import { MsgTab } from '../../nav-messages/components/msg-tab';
import { NtmTab } from '../../ntm/components/ntm-tab';
import { PoiTab } from '../../poi/components/poi-tab';
import { RawTab } from '../../raw-depth/components/raw-tab';
import { useGoToMap } from '../api/go-to-map';

export const catalogSections = ['enc', 's102', 's100', 'ntm', 'poi', 'msg', 'raw'] as const;
export type CatalogSection = (typeof catalogSections)[number];

// The chart tabs load on first view: they bring the upload forms and the S-102 preview with them.
const EncTab = lazy(async () => ({ default: (await import('../../charts/components/enc-tab')).EncTab }));
const S102Tab = lazy(async () => ({ default: (await import('../../charts/components/s102-tab')).S102Tab }));
const S100Tab = lazy(async () => ({ default: (await import('../../charts/components/s100-tab')).S100Tab }));

type CatalogTabProps = { gcid: number; section: string | null; onSectionChange: (section: CatalogSection) => void };

export function CatalogTab({ gcid, section, onSectionChange }: CatalogTabProps) {
  const { t } = useTranslation('catalog');
  const paths = usePaths();
  const navigate = useNavigate();
  const goToMap = useGoToMap();
  const active: CatalogSection = (catalogSections as readonly string[]).includes(section ?? '') ? (section as CatalogSection) : 'enc';

  const handleMap = () => goToMap.mutate(gcid, { onSuccess: ({ taskId }) => navigate(paths.map(taskId)) });
  const chartPanel = (Tab: typeof EncTab) => (
    <Suspense fallback={<PageLoader />}>
      <Tab gcid={gcid} />
    </Suspense>
  );

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
      <Tabs value={active} onChange={(value) => value && onSectionChange(value as CatalogSection)} keepMounted={false} variant="outline">
        <Tabs.List mb="md">
          {catalogSections.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`sections.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="enc">{chartPanel(EncTab)}</Tabs.Panel>
        <Tabs.Panel value="s102">{chartPanel(S102Tab)}</Tabs.Panel>
        <Tabs.Panel value="s100">{chartPanel(S100Tab)}</Tabs.Panel>
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
