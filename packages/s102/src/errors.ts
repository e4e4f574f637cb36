// The one error type the package throws: a stable code plus a one-line, human-readable message.

export type S102ErrorCode =
  | 'not_found' // the path does not exist or cannot be read
  | 'not_hdf5' // the bytes are not an HDF5 file
  | 'not_s102' // HDF5, but not an S-102 bathymetric surface
  | 'wrong_product' // HDF5 of another S-100 product than the one asked for (an S-102 file read as S-104)
  | 'invalid_structure' // the right product, but its structure cannot be read (missing group, values, grid attributes)
  | 'unsupported'; // a structure this reader does not handle

export class S102Error extends Error {
  readonly code: S102ErrorCode;

  constructor(code: S102ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'S102Error';
    this.code = code;
  }
}
