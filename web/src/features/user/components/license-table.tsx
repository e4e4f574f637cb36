import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { UserLicense } from '@chartroom/contracts/users';
import { useTranslation } from 'react-i18next';
import { LicenseRow } from './license-row';

export function LicenseTable({ licenses }: { licenses: UserLicense[] }) {
  const { t } = useTranslation('user');
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('licenses.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>
                <VisuallyHidden>{t('licenses.expand')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('licenses.content')}</Table.Th>
              <Table.Th>{t('licenses.product')}</Table.Th>
              <Table.Th>{t('licenses.expires')}</Table.Th>
              <Table.Th>{t('licenses.devices')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licenses.map((license) => (
              <LicenseRow key={license.id} license={license} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
