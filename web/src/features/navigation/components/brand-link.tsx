import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaths } from '../../../lib/locale';

export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
      <rect width="32" height="32" rx="7" fill="#ffffff" fillOpacity="0.12" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#ffffff" strokeWidth="1.8" />
      <path d="M16 5v22M5 16h22" stroke="#ffffff" strokeOpacity="0.6" strokeWidth="1.2" />
      <path d="M16 9l3 7-3 7-3-7z" fill="#5cc0f2" />
    </svg>
  );
}

export function BrandLink() {
  const { t } = useTranslation('nav');
  const paths = usePaths();
  return (
    <Link to={paths.home()} style={{ textDecoration: 'none', color: 'inherit' }} title={t('homeLink')}>
      <Group gap="xs" wrap="nowrap">
        <BrandMark />
        <Text fw={700} size="lg" c="white" style={{ letterSpacing: 0.3 }}>
          {t('brand')}
        </Text>
      </Group>
    </Link>
  );
}
