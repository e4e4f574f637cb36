import { Select } from '@mantine/core';
import type { GeocontentWithProducts } from '@chartroom/contracts/geocontents';
import { useTranslation } from 'react-i18next';

type GeocontentSwitcherProps = {
  geoContents: GeocontentWithProducts[];
  value: number;
  isSwitching: boolean;
  onChange: (id: number) => void;
};

export function GeocontentSwitcher({ geoContents, value, isSwitching, onChange }: GeocontentSwitcherProps) {
  const { t } = useTranslation('cabinet');
  return (
    <Select
      label={t('switcher.label')}
      data={geoContents.map((gc) => ({ value: String(gc.id), label: gc.title }))}
      value={String(value)}
      onChange={(next) => next && Number(next) !== value && onChange(Number(next))}
      allowDeselect={false}
      disabled={isSwitching}
      w={{ base: '100%', sm: 320 }}
      data-testid="geocontent-switcher"
    />
  );
}
