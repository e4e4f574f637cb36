// Verify and decrypt an S-100 Part 15 protected exchange set with Node alone (node:crypto).
// Usage: node verify-and-decrypt.mjs SET_FOLDER SCHEME_ADMINISTRATOR.pem HW_ID OUT_FOLDER
// SET_FOLDER is the unzipped set (PERMIT.XML, PERMIT.SIGN and S100_ROOT/ at its top).
import { X509Certificate, createDecipheriv, verify } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const [setDir, saFile, hwIdHex, outDir] = process.argv.slice(2);
const trusted = new X509Certificate(readFileSync(saFile));
const hwId = Buffer.from(hwIdHex, 'hex');

// The files are small and machine-written; a real app would use an XML parser.
const elements = (xml, name) =>
  [...xml.matchAll(new RegExp(`<(?:[\\w-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`, 'g'))].map((m) => ({
    attrs: Object.fromEntries([...m[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
    text: (m[2] ?? '').trim(),
  }));
const text = (xml, name) => elements(xml, name)[0]?.text;

/** The certificate a signature names, if the trusted scheme administrator issued it and it is valid today. */
function signer(certificatesXml, ref) {
  const entry = elements(certificatesXml, 'certificate').find((c) => c.attrs.id === ref);
  if (!entry) throw new Error(`no certificate ${ref}`);
  const certificate = new X509Certificate(Buffer.from(entry.text, 'base64'));
  const now = new Date();
  if (!certificate.checkIssued(trusted) || !certificate.verify(trusted.publicKey))
    throw new Error(`${certificate.subject} is not issued by the trusted scheme administrator`);
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo))
    throw new Error(`${certificate.subject} is not valid today`);
  return certificate;
}

/** ECDSA P-384 / SHA-384, DER signature, over the exact bytes. */
const isSigned = (bytes, certificate, signatureBase64) =>
  verify('sha384', bytes, { key: certificate.publicKey, dsaEncoding: 'der' }, Buffer.from(signatureBase64, 'base64'));

/** A file with its standalone signature file (PERMIT.SIGN, CATALOG.SIGN). */
function checkSigned(file) {
  const bytes = readFileSync(join(setDir, file));
  const sign = readFileSync(join(setDir, file.replace(/\.XML$/, '.SIGN')), 'utf8');
  const signature = elements(sign, 'digitalSignature')[0];
  if (!isSigned(bytes, signer(sign, signature.attrs.certificateRef), signature.text))
    throw new Error(`${file} does not match its signature`);
  console.log(`${file}: signature valid`);
  return bytes.toString('utf8');
}

const permitXml = checkSigned('PERMIT.XML');
const catalogue = checkSigned('S100_ROOT/CATALOG.XML');

// Each dataset key is one AES-128 block encrypted with the HW_ID.
const permits = elements(permitXml, 'datasetPermit').map((p) => {
  const decipher = createDecipheriv('aes-128-ecb', hwId, null).setAutoPadding(false);
  const key = Buffer.concat([decipher.update(Buffer.from(text(p.text, 'encryptedKey'), 'hex')), decipher.final()]);
  return { name: text(p.text, 'filename'), edition: text(p.text, 'editionNumber'), expiry: text(p.text, 'expiry'), key };
});

let failed = 0;
for (const dataset of elements(catalogue, 'S100_DatasetDiscoveryMetadata')) {
  const path = text(dataset.text, 'fileName').replace(/^file:\/*/, '');
  const file = basename(path);
  const issueDate = text(dataset.text, 'issueDate');
  let data = readFileSync(join(setDir, 'S100_ROOT', path));
  try {
    if (text(dataset.text, 'dataProtection') === 'true') {
      // A permit names the file, or its name without extension (then it covers the updates too).
      const permit = permits.find((p) => p.name === file || p.name === file.replace(/\.[^.]*$/, ''));
      if (!permit) throw new Error('no permit');
      if (permit.edition && permit.edition !== text(dataset.text, 'editionNumber'))
        throw new Error(`the permit is for edition ${permit.edition}`);
      if (permit.expiry && issueDate > permit.expiry) throw new Error(`issued ${issueDate}, after the permit expired on ${permit.expiry}`);
      // AES-128-CBC, PKCS#7; the IV is not sent: decrypt with any IV and drop the first (random) block.
      const decipher = createDecipheriv('aes-128-cbc', permit.key, Buffer.alloc(16));
      data = Buffer.concat([decipher.update(data), decipher.final()]).subarray(16);
    }
    const signature = elements(dataset.text, 'S100_SE_SignatureOnData')[0] ?? elements(dataset.text, 'S100_SE_DigitalSignature')[0];
    if (!isSigned(data, signer(catalogue, signature.attrs.certificateRef), signature.text))
      throw new Error('not the bytes the data server signed');
    mkdirSync(join(outDir, dirname(path)), { recursive: true });
    writeFileSync(join(outDir, path), data);
    console.log(`${path}: decrypted and verified, ${data.length} bytes`);
  } catch (err) {
    failed++;
    console.log(`${path}: ${err.code === 'ERR_OSSL_BAD_DECRYPT' ? 'does not decrypt (a permit for another HW_ID?)' : err.message}`);
  }
}
process.exitCode = failed ? 1 : 0;
