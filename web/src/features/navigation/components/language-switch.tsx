import { Button, Group } from '@mantine/core';
import { locales } from '@chartroom/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../../lib/locale';
import { switchLocalePath } from '../../../lib/paths';

/** EN / RU: the same page in the other language, query kept. */
export function LanguageSwitch({ onDark = true }: { onDark?: boolean }) {
  const { t } = useTranslation('nav');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Group gap={4} role="group" aria-label={t('language')}>
      {locales.map((target) => {
        const isCurrent = target === locale;
        return (
          <Button
            key={target}
            component={Link}
            to={switchLocalePath(pathname, search, target)}
            size="compact-sm"
            variant={isCurrent ? (onDark ? 'white' : 'filled') : 'subtle'}
            color={onDark && !isCurrent ? 'gray.0' : undefined}
            aria-current={isCurrent ? 'true' : undefined}
            title={t(`localeName.${target}`)}
            lang={target}
          >
            {t(`localeShort.${target}`)}
          </Button>
        );
      })}
    </Group>
  );
}
