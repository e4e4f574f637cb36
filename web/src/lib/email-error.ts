import { maxEmailLength } from '@chartroom/contracts/common';
import type { TFunction } from 'i18next';

/**
 * The text for an e-mail field's problem: a message set by hand (an unknown user) as it is, an
 * address past 254 characters says so, anything else is `invalidText` ("Enter a valid e-mail…").
 */
export function emailErrorText(
  t: TFunction,
  value: unknown,
  error: { type?: string; message?: string } | undefined,
  invalidText: string,
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'manual' && error.message) return error.message;
  if (String(value ?? '').trim().length > maxEmailLength) return t('errors:issue.emailTooLong', { count: maxEmailLength });
  return invalidText;
}
