import { Iso8211Error, withLocation, type Iso8211ErrorCode } from '@chartroom/iso8211';

/** What went wrong, as a stable machine-readable code (the ISO 8211 layer's codes included). */
export type S57ErrorCode = Iso8211ErrorCode | 'not_s57' | 'update_sequence' | 'update_edition' | 'update_target' | 'not_catalog' | 'io';

export interface S57ErrorDetails {
  /** 1-based index of the ISO 8211 record (0 = the data descriptive record). */
  record?: number;
  /** Byte offset in the file where the problem was found. */
  offset?: number;
  /** File name, when known. */
  file?: string;
}

/** Every failure of this package is an S57Error with a code and, when known, a record and byte offset. */
export class S57Error extends Error {
  readonly code: S57ErrorCode;
  readonly record: number | undefined;
  readonly offset: number | undefined;
  readonly file: string | undefined;

  constructor(code: S57ErrorCode, message: string, details: S57ErrorDetails = {}, options?: { cause?: unknown }) {
    super(withLocation(message, details), options);
    this.name = 'S57Error';
    this.code = code;
    this.record = details.record;
    this.offset = details.offset;
    this.file = details.file;
  }
}

/** The ISO 8211 layer's error as this package's (same code, reason and place); anything else as it is. */
export function asS57Error(err: unknown): unknown {
  if (!(err instanceof Iso8211Error)) return err;
  return new S57Error(err.code, err.reason, { record: err.record, offset: err.offset, file: err.file }, { cause: err });
}
