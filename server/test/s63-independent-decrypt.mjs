// Test-only S-63 decryption that shares no code with packages/s63: Node's own OpenSSL Blowfish
// (run with --openssl-legacy-provider) and zlib. Reads {hwId, permitText, cells:[{name, file, data}]}
// (data base64) on stdin; writes [{name, file, plain}] (plain base64) on stdout.
import { createDecipheriv, getCiphers } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));

function blowfishDecrypt(key, data) {
  const d = createDecipheriv('bf-ecb', key, null);
  d.setAutoPadding(true);
  return Buffer.concat([d.update(data), d.final()]);
}

const hwId6 = Buffer.from(input.hwId + input.hwId[0], 'latin1');
const keys = new Map();
let section = '';
for (const line of input.permitText.split(/\r\n/)) {
  if (line.startsWith(':')) {
    section = line.split(' ')[0];
    continue;
  }
  if (section !== ':ENC' || line === '') continue;
  const permit = line.split(',')[0];
  keys.set(permit.slice(0, 8), blowfishDecrypt(hwId6, Buffer.from(permit.slice(16, 32), 'hex')));
}

const out = [];
for (const cell of input.cells) {
  const key = keys.get(cell.name);
  if (!key) throw new Error(`no permit for ${cell.name}`);
  const zip = blowfishDecrypt(key, Buffer.from(cell.data, 'base64'));
  if (zip.readUInt32LE(0) !== 0x04034b50) throw new Error(`${cell.file} does not decrypt to a zip`);
  const method = zip.readUInt16LE(8);
  const size = zip.readUInt32LE(18);
  const start = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  const body = zip.subarray(start, start + size);
  out.push({
    name: cell.name,
    file: cell.file,
    plain: (method === 8 ? inflateRawSync(body) : body).toString('base64'),
    ciphers: getCiphers().includes('bf-ecb'),
  });
}
process.stdout.write(JSON.stringify(out));
