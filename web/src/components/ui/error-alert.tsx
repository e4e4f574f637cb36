import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useErrorMessage, useFieldIssueText } from '../../lib/error-message';

const repeatsMessage = new Set(['no_s57_cell']);

type ErrorAlertProps = {
  error: unknown;
  title?: string;
  /** Extra content under the message, e.g. a "forgot password" link. */
  children?: ReactNode;
};

/** A failure as a translated alert; each field issue of a validation error is named by its label. */
export function ErrorAlert({ error, title, children }: ErrorAlertProps) {
  const { t } = useTranslation('errors');
  const toMessage = useErrorMessage();
  const toFieldText = useFieldIssueText();
  // A detail that only repeats the message (`no_s57_cell`) is not listed again.
  const details = error instanceof ApiError ? error.details?.filter((issue) => !repeatsMessage.has(issue.code ?? '')) : undefined;
  return (
    <Alert color="red" variant="light" title={title ?? t('title')} role="alert">
      <Stack gap={4}>
        <Text size="sm">{toMessage(error)}</Text>
        {details && details.length > 0 && (
          <Text size="xs" c="dimmed" component="ul" m={0} pl="md">
            {details.map((issue) => (
              <li key={`${issue.path}:${issue.code ?? ''}:${issue.message}`}>{toFieldText(issue)}</li>
            ))}
          </Text>
        )}
        {children}
      </Stack>
    </Alert>
  );
}
