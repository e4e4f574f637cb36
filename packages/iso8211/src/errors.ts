/** What is wrong with an ISO 8211 file, as a stable machine-readable code. */
export type Iso8211ErrorCode = 'not_iso8211' | 'truncated' | 'bad_leader' | 'bad_directory' | 'bad_field' | 'bad_record';

export interface Iso8211ErrorDetails {
  /** 1-based index of the ISO 8211 record (0 = the data descriptive record). */
  record?: number;
  /** Byte offset in the file where the problem was found. */
  offset?: number;
  /** File name, when known. */
  file?: string;
}

/** `message (record N, byte offset M)`: where a problem is, as every format package words it. */
export function withLocation(message: string, details: Iso8211ErrorDetails): string {
  const where: string[] = [];
  if (details.record !== undefined) where.push(`record ${details.record}`);
  if (details.offset !== undefined) where.push(`byte offset ${details.offset}`);
  return where.length > 0 ? `${message} (${where.join(', ')})` : message;
}

/**
 * Every failure of the ISO 8211 layer: a code, the reason, and where in the file. The format
 * packages (S-57, S-101) turn it into their own error type at their boundary, keeping all three.
 */
export class Iso8211Error extends Error {
  readonly code: Iso8211ErrorCode;
  /** The message without its location. */
  readonly reason: string;
  readonly record: number | undefined;
  readonly offset: number | undefined;
  readonly file: string | undefined;

  constructor(code: Iso8211ErrorCode, reason: string, details: Iso8211ErrorDetails = {}) {
    super(withLocation(reason, details));
    this.name = 'Iso8211Error';
    this.code = code;
    this.reason = reason;
    this.record = details.record;
    this.offset = details.offset;
    this.file = details.file;
  }
}
