import { Alert, Code, CopyButton, Button, Group, Stack, Text } from '@mantine/core';
import { formatActivationCode, type ActivateResult } from '@chartroom/contracts/activation';
import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

export function ActivationResult({ result }: { result: ActivateResult }) {
  const { t } = useTranslation('activation');
  const code = formatActivationCode(result.id);
  return (
    <Alert color="teal" variant="light" title={t('result.title')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('result.text')}</Text>
        <Group gap="sm" wrap="wrap">
          <Code fz="lg" px="md" py={6} aria-label={t('result.codeLabel')} data-testid="activation-code">
            {code}
          </Code>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('result.copied') : t('result.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('result.expires', { hours: activationCodeTtlHours })}{' '}
          <time dateTime={result.expiresAt}>{formatDateTime(result.expiresAt)}</time>
        </Text>
      </Stack>
    </Alert>
  );
}
