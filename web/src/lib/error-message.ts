import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, isKnownErrorCode, type ApiErrorDetail } from './api-client';

type ErrorsT = TFunction<'errors'>;

/** Codes whose text needs a parameter to pick its wording (`not_found` names the thing, `limit_exceeded` the limit). */
function textForCode(error: ApiError, t: ErrorsT): string {
  const params = error.params ?? {};
  if (error.code === 'not_found' && typeof params.thing === 'string') {
    return t('not_found_thing', { thing: t(`things.${params.thing}`, { defaultValue: t('things.item') }) });
  }
  if (error.code === 'limit_exceeded' && typeof params.limit === 'string') {
    return t(`limit.${params.limit}`, {
      ...params,
      count: typeof params.max === 'number' ? params.max : 0,
      defaultValue: t('limit_exceeded'),
    });
  }
  if (error.code === 'permit_not_accepted' && typeof params.status === 'string') {
    return t('permit_not_accepted', { status: t(`permitStatus.${params.status}`, { defaultValue: params.status }) });
  }
  // A refused file names itself and why (`{ file, reason: 's158' }`): the reason picks the wording.
  if ((error.code === 'unsupported_file' || error.code === 'validation') && typeof params.reason === 'string') {
    return t(`reason.${params.reason}`, { ...params, defaultValue: t(error.code, params) });
  }
  return t(error.code, params);
}

/**
 * The text shown for a failure, in the reader's language: by code (and params), never the server's
 * English `message`; an unknown code falls back to a text by HTTP status.
 */
export function errorToText(error: unknown, t: ErrorsT): string {
  if (!(error instanceof ApiError)) return t('unknown');
  if (isKnownErrorCode(error.code)) {
    const text = textForCode(error, t);
    // A text whose values did not come (an older server) says the general thing instead.
    if (!text.includes('{{')) return text;
  }
  if (error.status === 0) return t('network');
  if (error.status >= 500) return t('internal');
  if (error.status === 404) return t('not_found');
  if (error.status === 403) return t('forbidden');
  if (error.status === 409) return t('conflict');
  return t('unknown');
}

/** The last named segment of `body.productItems.0.url` (`url`), which picks the field's label. */
export function fieldNameOf(path: string): string {
  const names = path.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  return names.length > 1 ? names[names.length - 1]! : (names[0] ?? '');
}

/** One field's problem as "<label>: <what is wrong>", both translated; never the server's path or message. */
export function fieldIssueToText(issue: ApiErrorDetail, t: ErrorsT): string {
  const params = issue.params ?? {};
  const code = issue.code ?? 'invalid';
  // A file's finding (an S-158 check, a file left out of an upload) names the file, not a field.
  if (code === 's158') return `${String(params.file ?? '')}: ${issue.message}`;
  if (code === 'ignored_file') return t('issue.ignored_file', { file: String(params.file ?? '') });
  const label = t(`fields.${fieldNameOf(issue.path)}`, { defaultValue: t('fields.unknown') });
  let problem: string;
  if (code === 'too_small' || code === 'too_big') {
    const kind = params.origin === 'string' ? 'string' : params.origin === 'array' ? 'array' : 'number';
    const bound = code === 'too_small' ? params.minimum : params.maximum;
    problem = t(`issue.${code}_${kind}`, { count: typeof bound === 'number' ? bound : Number(bound ?? 0) });
  } else if (code === 'invalid_format') {
    problem = t(`issue.format.${String(params.format ?? 'other')}`, { defaultValue: t('issue.format.other') });
  } else {
    problem = t(`issue.${code}`, { defaultValue: t('issue.invalid') });
  }
  return `${label}: ${problem}`;
}

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return (error: unknown) => errorToText(error, t);
}

export function useFieldIssueText(): (issue: ApiErrorDetail) => string {
  const { t } = useTranslation('errors');
  return (issue: ApiErrorDetail) => fieldIssueToText(issue, t);
}
