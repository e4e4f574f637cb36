import { errorStatus, type ErrorCode } from '@chartroom/contracts/errors';

/** The one error type services throw; the error handler turns it into `{ message, code, details }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(code: ErrorCode, message: string, details?: { path: string; message: string }[]) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have access to this') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
