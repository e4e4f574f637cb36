import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The header of a table's column of row buttons: named for screen readers, blank on screen. */
export function ActionsHeader() {
  const { t } = useTranslation('common');
  return (
    <Table.Th>
      <VisuallyHidden>{t('tableActions')}</VisuallyHidden>
    </Table.Th>
  );
}
