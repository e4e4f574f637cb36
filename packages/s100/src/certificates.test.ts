import { spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSchemeAdministrator, createTestPki, issueDataServerCertificate, loadDataServerIdentity } from './certificates.js';
import { isS100Error } from './errors.js';

const pki = createTestPki({ dataServerName: 'Chartroom Test Data Server', organization: 'Chartroom', country: 'GB' });
const pem = {
  schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
  dataServerCertificatePem: pki.dataServer.certificatePem,
  dataServerKeyPem: pki.dataServer.privateKeyPem,
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isS100Error(err) ? err.code : String(err);
  }
  return undefined;
}

describe('Part 15 certificates', () => {
  it("makes a self-signed P-384 scheme administrator and a data server certificate it issues, as Node's X.509 reads them", () => {
    const sa = new X509Certificate(pki.schemeAdministrator.certificatePem);
    const ds = new X509Certificate(pki.dataServer.certificatePem);
    expect(sa.ca).toBe(true);
    expect(ds.ca).toBe(false);
    expect(sa.verify(sa.publicKey)).toBe(true);
    expect(ds.checkIssued(sa)).toBe(true);
    expect(ds.verify(sa.publicKey)).toBe(true);
    expect(ds.verify(ds.publicKey)).toBe(false);
    expect(ds.subject).toContain('CN=Chartroom Test Data Server');
    expect(ds.issuer).toBe(sa.subject);
    expect(ds.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
    expect(ds.keyUsage).toBeUndefined(); // Node lists extended key usage only; the key usage is checked by OpenSSL below
    expect(new Date(ds.validTo) <= new Date(sa.validTo)).toBe(true);
    // The key signs what the certificate verifies (ECDSA-SHA384, DER).
    const signature = sign('sha384', Buffer.from('PERMIT.XML'), {
      key: createPrivateKey(pki.dataServer.privateKeyPem),
      dsaEncoding: 'der',
    });
    expect(verify('sha384', Buffer.from('PERMIT.XML'), { key: ds.publicKey, dsaEncoding: 'der' }, signature)).toBe(true);
  });

  it("passes OpenSSL's strict chain check, with the key usages of a CA and of a signer", () => {
    const dir = mkdtempSync(join(tmpdir(), 's100-pki-'));
    try {
      writeFileSync(join(dir, 'sa.pem'), pki.schemeAdministrator.certificatePem);
      writeFileSync(join(dir, 'ds.pem'), pki.dataServer.certificatePem);
      const check = spawnSync('openssl', ['verify', '-x509_strict', '-CAfile', join(dir, 'sa.pem'), join(dir, 'ds.pem')], {
        encoding: 'utf8',
      });
      expect(check.error).toBeUndefined();
      expect(check.stdout).toContain('ds.pem: OK');
      const text = (f: string): string =>
        spawnSync('openssl', ['x509', '-in', join(dir, f), '-noout', '-text'], { encoding: 'utf8' }).stdout;
      expect(text('sa.pem')).toMatch(/CA:TRUE[\s\S]*Certificate Sign, CRL Sign/);
      expect(text('ds.pem')).toMatch(/CA:FALSE[\s\S]*Digital Signature/);
      expect(text('ds.pem')).toContain('ecdsa-with-SHA384');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads a configured data server and refuses what does not chain or match', () => {
    const identity = loadDataServerIdentity(pem);
    expect(identity.certificate.checkPrivateKey(identity.privateKey)).toBe(true);
    const other = createTestPki({ dataServerName: 'Other' });
    expect(
      codeOf(() => loadDataServerIdentity({ ...pem, schemeAdministratorCertificatePem: other.schemeAdministrator.certificatePem })),
    ).toBe('untrusted_certificate');
    expect(codeOf(() => loadDataServerIdentity({ ...pem, dataServerKeyPem: other.dataServer.privateKeyPem }))).toBe('invalid_argument');
    expect(codeOf(() => loadDataServerIdentity({ ...pem, dataServerCertificatePem: 'not a certificate' }))).toBe('corrupt');
    expect(codeOf(() => loadDataServerIdentity({ ...pem, dataServerKeyPem: 'not a key' }))).toBe('corrupt');
    // The scheme administrator itself is not a data server certificate it issued.
    expect(
      codeOf(() =>
        loadDataServerIdentity({
          ...pem,
          dataServerCertificatePem: pem.schemeAdministratorCertificatePem,
          dataServerKeyPem: pki.schemeAdministrator.privateKeyPem,
        }),
      ),
    ).toBe('untrusted_certificate');
  });

  it('refuses certificates outside their validity', () => {
    const sa = createSchemeAdministrator({
      subject: { commonName: 'Old SA' },
      notBefore: new Date('2020-01-01'),
      notAfter: new Date('2021-01-01'),
    });
    const ds = issueDataServerCertificate({ issuer: sa, subject: { commonName: 'Old DS' }, notBefore: new Date('2020-01-01') });
    const pemOld = {
      schemeAdministratorCertificatePem: sa.certificatePem,
      dataServerCertificatePem: ds.certificatePem,
      dataServerKeyPem: ds.privateKeyPem,
    };
    expect(codeOf(() => loadDataServerIdentity(pemOld))).toBe('untrusted_certificate');
    expect(codeOf(() => loadDataServerIdentity(pemOld, new Date('2020-06-01')))).toBeUndefined();
  });

  it('refuses a data server key that is not P-384', () => {
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(codeOf(() => loadDataServerIdentity({ ...pem, dataServerKeyPem: p256 }))).toBe('invalid_argument');
  });
});
