import { Iso8211Error, withLocation, type Iso8211ErrorCode } from '@chartroom/iso8211';

/** What went wrong, as a stable machine-readable code (the ISO 8211 layer's codes included). */
export type S101ErrorCode =
  | Iso8211ErrorCode
  /** ISO 8211, but not an S-101 dataset (an S-57 cell, another S-100 product, a catalogue). */
  | 'not_s101'
  /** An update dataset for another edition, or a cancellation (edition 0). */
  | 'update_edition'
  /** An update dataset out of sequence (not the next update number). */
  | 'update_sequence'
  /** An update dataset for another dataset name. */
  | 'update_target'
  /** The feature catalogue given is not an S-100 feature catalogue. */
  | 'not_catalogue'
  /** A file could not be read. */
  | 'io';

export interface S101ErrorDetails {
  /** 1-based index of the ISO 8211 record (0 = the data descriptive record). */
  record?: number;
  /** Byte offset in the file where the problem was found. */
  offset?: number;
  /** File name, when known. */
  file?: string;
}

/** Every failure of this package is an S101Error with a code and, when known, a record and byte offset. */
export class S101Error extends Error {
  readonly code: S101ErrorCode;
  /** The message without its location. */
  readonly reason: string;
  readonly record: number | undefined;
  readonly offset: number | undefined;
  readonly file: string | undefined;

  constructor(code: S101ErrorCode, message: string, details: S101ErrorDetails = {}, options?: { cause?: unknown }) {
    super(withLocation(message, details), options);
    this.name = 'S101Error';
    this.code = code;
    this.reason = message;
    this.record = details.record;
    this.offset = details.offset;
    this.file = details.file;
  }
}

/**
 * The ISO 8211 layer's error as this package's (same code, reason and place), and this package's
 * own errors with the file name when they lack it; anything else as it is.
 */
export function asS101Error(err: unknown, file?: string): unknown {
  if (err instanceof Iso8211Error || (err instanceof S101Error && err.file === undefined && file !== undefined))
    return new S101Error(err.code, err.reason, { record: err.record, offset: err.offset, file: err.file ?? file }, { cause: err });
  return err;
}
