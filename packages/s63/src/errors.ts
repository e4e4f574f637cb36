// The one error type of this package: a machine-readable code plus a clear, one-line message.

export type S63ErrorCode =
  | 'malformed_permit'
  | 'bad_checksum'
  | 'permit_expired'
  | 'wrong_key'
  | 'malformed_hw_id'
  | 'corrupt'
  | 'zip_unsafe'
  | 'limit_exceeded'
  | 'invalid_argument'
  | 'not_found';

export class S63Error extends Error {
  readonly code: S63ErrorCode;

  constructor(code: S63ErrorCode, message: string) {
    super(message);
    this.name = 'S63Error';
    this.code = code;
  }
}

export function isS63Error(value: unknown): value is S63Error {
  return value instanceof S63Error;
}
