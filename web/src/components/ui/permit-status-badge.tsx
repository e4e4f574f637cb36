import { Badge, type BadgeProps } from '@mantine/core';
import type { PermitStatus } from '@chartroom/contracts/constants';
import { useTranslation } from 'react-i18next';

const permitColors = { pending: 'yellow', accepted: 'green', paused: 'gray', rejected: 'red', none: 'gray' } as const;

/** A distributor permit's status (or 'none' before any request), coloured and translated. */
export function PermitStatusBadge({ status, ...badgeProps }: BadgeProps & { status: PermitStatus | 'none' }) {
  const { t } = useTranslation('licensing');
  return (
    <Badge color={permitColors[status]} {...badgeProps}>
      {t(`permitStatus.${status}`)}
    </Badge>
  );
}
