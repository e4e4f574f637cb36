import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { licenseTypes } from '@chartroom/contracts/constants';
import type { UserLicense } from '@chartroom/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/ui/date-text';
import { DetachInstallationButton } from './detach-installation-button';
import { ReplaceDeviceButton } from './replace-device-button';
import { productShortCodes } from '@chartroom/contracts/constants';
import { ActionsHeader } from '../../../components/ui/actions-header';

const columnCount = 5;

function isKnownLicType(value: string): value is (typeof licenseTypes)[number] {
  return (licenseTypes as readonly string[]).includes(value);
}

/** One licence: content, short product description, devices used; expands to its installations. */
export function LicenseRow({ license }: { license: UserLicense }) {
  const { t } = useTranslation('user');
  const [isOpen, setIsOpen] = useState(false);
  const { product, installations, deviceCount } = license;
  const used = installations.length;
  const devices = deviceCount > 0 ? t('devices.ofCount', { used, total: deviceCount }) : t('devices.ofUnlimited', { used });
  const licType = isKnownLicType(product.licType) ? t(`licType.${product.licType}`) : product.licType;
  const detailsId = `license-${license.id}-installations`;

  return (
    <>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            onClick={() => setIsOpen((value) => !value)}
            aria-expanded={isOpen}
            aria-controls={detailsId}
            aria-label={t(isOpen ? 'collapse' : 'expand', { title: product.geoContent.title })}
          >
            <svg width="14" height="14" viewBox="0 0 14 14" style={{ transform: isOpen ? 'rotate(90deg)' : undefined }}>
              <path d="M5 3l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Text fw={600}>{product.geoContent.title}</Text>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="wrap">
            <Badge variant="outline" color="gray">
              {licType}
            </Badge>
            {productShortCodes(product).map((code) => (
              <Badge key={code} variant="light">
                {code}
              </Badge>
            ))}
          </Group>
        </Table.Td>
        <Table.Td>
          <DateText value={license.expirationDate} />
        </Table.Td>
        <Table.Td>{devices}</Table.Td>
      </Table.Tr>
      {isOpen && (
        <Table.Tr id={detailsId} bg="var(--mantine-color-gray-0)">
          <Table.Td colSpan={columnCount}>
            {installations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('installations.none')}
              </Text>
            ) : (
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('installations.platform')}</Table.Th>
                    <Table.Th>{t('installations.deviceId')}</Table.Th>
                    <ActionsHeader />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {installations.map((installation) => (
                    <Table.Tr key={installation.id}>
                      <Table.Td>{installation.platform.name}</Table.Td>
                      <Table.Td ff="monospace">{installation.deviceId}</Table.Td>
                      <Table.Td>
                        <DetachInstallationButton
                          licenseId={license.id}
                          installationId={installation.id}
                          deviceId={installation.deviceId}
                        />
                        <ReplaceDeviceButton licenseId={license.id} installationId={installation.id} deviceId={installation.deviceId} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
