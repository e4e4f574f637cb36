/** What went wrong, as a stable machine-readable code. */
export type S57ErrorCode =
  | 'not_iso8211'
  | 'not_s57'
  | 'truncated'
  | 'bad_leader'
  | 'bad_directory'
  | 'bad_field'
  | 'bad_record'
  | 'update_sequence'
  | 'update_edition'
  | 'update_target'
  | 'not_catalog'
  | 'io';

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

  constructor(code: S57ErrorCode, message: string, details: S57ErrorDetails = {}) {
    const where: string[] = [];
    if (details.record !== undefined) where.push(`record ${details.record}`);
    if (details.offset !== undefined) where.push(`byte offset ${details.offset}`);
    super(where.length > 0 ? `${message} (${where.join(', ')})` : message);
    this.name = 'S57Error';
    this.code = code;
    this.record = details.record;
    this.offset = details.offset;
    this.file = details.file;
  }
}
