import { errorStatus, type ErrorCode, type ErrorParams, type FieldIssue, type NotFoundThing } from '@chartroom/contracts/errors';

type AppErrorExtra = { details?: FieldIssue[]; params?: ErrorParams };

/**
 * The one error type services throw; the error handler turns it into `{ message, code, params?, details? }`.
 * `message` is English for logs and API users; the web words the failure from `code` and `params`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldIssue[] | undefined;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, message: string, extra?: FieldIssue[] | AppErrorExtra) {
    super(message);
    this.code = code;
    const { details, params } = Array.isArray(extra) ? { details: extra, params: undefined } : (extra ?? {});
    this.details = details;
    this.params = params;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

function capitalise(thing: string): string {
  const words = thing.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `thing` names what is missing for the web (`params.thing`); `what` words it in the English message. */
export const notFound = (thing: NotFoundThing, what: string = capitalise(thing)) =>
  new AppError('not_found', `${what} not found`, { params: { thing } });
export const forbidden = (message = 'You do not have access to this') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
/** A field issue that says which field and what kind of problem, for the web to word. */
export const fieldProblem = (path: string, message: string, code = 'invalid', params?: ErrorParams): FieldIssue => ({
  path,
  message,
  code,
  ...(params ? { params } : {}),
});

const paramNames = ['minimum', 'maximum', 'format', 'expected', 'origin'] as const;

/** A zod issue's code and the values a translated field message needs (`{ minimum: 5 }`). */
export function issueCodeAndParams(keyword: string, raw: unknown, message: string): { code: string; params?: ErrorParams } {
  const params: ErrorParams = {};
  if (raw && typeof raw === 'object') {
    for (const name of paramNames) {
      const value = (raw as Record<string, unknown>)[name];
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      else if (typeof value === 'bigint') params[name] = Number(value);
    }
    // A refinement says which rule failed in `params.reason` (`past_date`, `decimals`): the web words it.
    const custom = (raw as Record<string, unknown>).params;
    if (custom && typeof custom === 'object' && typeof (custom as Record<string, unknown>).reason === 'string') {
      params.reason = (custom as Record<string, string>).reason!;
    }
  }
  // zod reports a missing field as the wrong type with nothing received.
  const code = keyword === 'invalid_type' && /received undefined/.test(message) ? 'required' : keyword;
  return Object.keys(params).length > 0 ? { code, params } : { code };
}

/** A zod issue as a field issue under `prefix` (`body`, `querystring`). */
export function fieldIssueOf(prefix: string, issue: { path: PropertyKey[]; code: string; message: string }): FieldIssue {
  const path = [prefix, ...issue.path.map(String)].join('.');
  return { path, message: issue.message, ...issueCodeAndParams(issue.code, issue, issue.message) };
}
