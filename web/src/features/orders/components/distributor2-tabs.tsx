import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';

const tabs = ['orders', 'agreements'] as const;
type Distributor2Tab = (typeof tabs)[number];

// Orders, agreements and transactions arrive with the agreements issue; empty states until then.
export function Distributor2Tabs() {
  const { t } = useTranslation('orders');
  const [tab, setTab] = useState<Distributor2Tab>('orders');

  const handleChange = (value: string | null) => {
    if (value === 'orders' || value === 'agreements') setTab(value);
  };

  return (
    <Tabs value={tab} onChange={handleChange} keepMounted={false}>
      <Tabs.List mb="lg">
        {tabs.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`distributor2.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((name) => (
        <Tabs.Panel key={name} value={name}>
          <EmptyState title={t(`distributor2.empty.${name}.title`)} description={t(`distributor2.empty.${name}.text`)} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
