import { Select } from '@mantine/core';
import type { ProviderMe } from '@chartroom/contracts/providers';
import { useTranslation } from 'react-i18next';

type GeocontentPickerProps = {
  geoContents: ProviderMe['geoContents'];
  value: number;
  onChange: (id: number) => void;
};

/** Switches the current geocontent; charts, products and licences below follow it. */
export function GeocontentPicker({ geoContents, value, onChange }: GeocontentPickerProps) {
  const { t } = useTranslation('provider');
  return (
    <Select
      label={t('cabinet.geocontent')}
      data={geoContents.map((gc) => ({ value: String(gc.id), label: gc.title }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
