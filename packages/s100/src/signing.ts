// Part 15 signatures (clause 15-8): ECDSA on P-384 over the SHA-384 of the signed bytes, encoded as
// the DER SEQUENCE { r INTEGER, s INTEGER } ("Dss-Sig-Value"), base64 in the XML files.
import { createSign, createVerify, type KeyObject, type X509Certificate } from 'node:crypto';

export const SIGNATURE_ALGORITHM = 'ECDSA-384-SHA2';

export interface StreamingSigner {
  update(chunk: Uint8Array): void;
  /** The DER signature over everything given to update(). */
  sign(): Uint8Array;
}

/** Signs bytes given in chunks (a dataset of any size). */
export function createSigner(privateKey: KeyObject): StreamingSigner {
  const signer = createSign('sha384');
  return {
    update: (chunk) => void signer.update(chunk),
    sign: () => new Uint8Array(signer.sign({ key: privateKey, dsaEncoding: 'der' })),
  };
}

export function signBytes(privateKey: KeyObject, bytes: Uint8Array): Uint8Array {
  const signer = createSigner(privateKey);
  signer.update(bytes);
  return signer.sign();
}

/** True when the DER signature is the certificate's key's ECDSA-SHA384 signature of the bytes. */
export function verifyBytes(signer: X509Certificate | KeyObject, bytes: Uint8Array, signature: Uint8Array): boolean {
  const key = 'publicKey' in signer ? signer.publicKey : signer;
  try {
    return createVerify('sha384').update(bytes).verify({ key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}
