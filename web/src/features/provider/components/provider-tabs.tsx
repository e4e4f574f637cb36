import { Button, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { usePaths } from '../../../lib/locale';
import { providerTabs, type ProviderTab } from '../../../lib/paths';

export { providerTabs, type ProviderTab };

export function isProviderTab(value: string | null): value is ProviderTab {
  return (providerTabs as readonly string[]).includes(value ?? '');
}

type ProviderTabsProps = {
  tab: ProviderTab;
  onTabChange: (tab: ProviderTab) => void;
  /** Filled panels; a tab without one shows its empty state. */
  panels?: Partial<Record<ProviderTab, ReactNode>>;
};

// Each panel is an empty state until its own issue (catalogue uploads, products, licences,
// distributor requests) fills it in.
export function ProviderTabs({ tab, onTabChange, panels }: ProviderTabsProps) {
  const { t } = useTranslation('provider');
  const paths = usePaths();

  const handleChange = (value: string | null) => {
    if (isProviderTab(value)) onTabChange(value);
  };

  return (
    <Tabs value={tab} onChange={handleChange} keepMounted={false}>
      <Tabs.List mb="lg">
        {providerTabs.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {providerTabs.map((name) => (
        <Tabs.Panel key={name} value={name}>
          {panels?.[name] ?? (
            <EmptyState title={t(`empty.${name}.title`)} description={t(`empty.${name}.text`)}>
              {name === 'catalog' && (
                <Button component={Link} to={paths.map()} variant="light" mt="sm">
                  {t('cabinet.openMap')}
                </Button>
              )}
            </EmptyState>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
