import { idParam } from '@chartroom/contracts/common';
import { AppError, fieldIssueOf, fieldProblem } from '../errors.js';

/**
 * An id that arrives as text outside a route's schema (a multipart field read after the files, a
 * payment provider's metadata), checked with the shared id schema: a positive 32-bit integer, or a
 * 400 naming `path` (never a database error on 2147483648).
 */
export function parseIdField(value: string | undefined, path: string, what = 'an id'): number {
  if (value === undefined || value.trim() === '') {
    throw new AppError('validation', `${path} is required`, [fieldProblem(path, `required: ${what}`, 'required')]);
  }
  const parsed = idParam.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = fieldIssueOf(path, parsed.error.issues[0]!);
  throw new AppError('validation', `${path} must be ${what}: ${issue.message}`, [issue]);
}
