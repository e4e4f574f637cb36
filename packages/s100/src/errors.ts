// The one error type of this package: a machine-readable code plus a clear, one-line message that
// names what is wrong. Messages never repeat a secret (HW_ID, M_KEY, dataset key): they end up in logs.

export type S100ErrorCode =
  /** A user permit that is not 46 characters long. */
  | 'user_permit_length'
  /** A user permit whose encrypted HW_ID or checksum part is not hexadecimal, or whose M_ID is not 6 letters or digits. */
  | 'user_permit_format'
  /** A user permit whose CRC-32 does not match its encrypted HW_ID (mistyped or damaged). */
  | 'user_permit_checksum'
  /** A user permit made by a manufacturer (M_ID) the caller does not know. */
  | 'unknown_manufacturer'
  /** A key that does not open the data (bad padding after decryption). */
  | 'wrong_key'
  /** A signature that does not verify over the bytes it signs. */
  | 'bad_signature'
  /** A certificate that is not issued by the trusted scheme administrator, not valid now, or of the wrong kind. */
  | 'untrusted_certificate'
  /** A file of the exchange set that cannot be read as what it should be (XML, DER, zip). */
  | 'corrupt'
  | 'zip_unsafe'
  | 'limit_exceeded'
  | 'invalid_argument'
  | 'not_found';

export class S100Error extends Error {
  readonly code: S100ErrorCode;

  constructor(code: S100ErrorCode, message: string) {
    super(message);
    this.name = 'S100Error';
    this.code = code;
  }
}

export function isS100Error(value: unknown): value is S100Error {
  return value instanceof S100Error;
}
