// The s100 sub-commands. Each returns the text to print and an exit code; errors are thrown as S100Error.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { commonNameOf, createTestPki } from './certificates.js';
import { S100Error } from './errors.js';
import type { BoundingBox } from './catalogue-writer.js';
import type { ProtectedDatasetInput } from './exchange-set-builder.js';
import type { ProtectedExchangeSet, ReadDataset } from './exchange-set-reader.js';
import {
  fileByteSource,
  readDataServerIdentityFiles,
  readProtectedExchangeSetFile,
  readText,
  writeInside,
  writeProtectedExchangeSetFile,
} from './node.js';
import { createUserPermit, decryptUserPermit, parseUserPermit } from './user-permit.js';

export type Options = Record<string, string | boolean | undefined>;
export interface Outcome {
  out: string;
  code: number;
}

function need(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new S100Error('invalid_argument', `missing --${name}`);
  return value;
}

const optional = (options: Options, name: string): string | undefined =>
  typeof options[name] === 'string' ? (options[name] as string) : undefined;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function date(options: Options, name: string): string | undefined {
  const value = optional(options, name);
  if (value !== undefined && !DATE_RE.test(value))
    throw new S100Error('invalid_argument', `--${name} must be YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

export function userPermitCommand(o: Options): Outcome {
  return { out: createUserPermit({ hwId: need(o, 'hwid'), mKey: need(o, 'mkey'), mId: need(o, 'mid') }), code: 0 };
}

export function userPermitDecodeCommand(permit: string | undefined, o: Options): Outcome {
  if (!permit) throw new S100Error('invalid_argument', 'usage: s100 userpermit decode PERMIT [--mkey K]');
  const parsed = parseUserPermit(permit);
  const lines = [
    `user permit     ${parsed.userPermit}`,
    `encrypted HW_ID ${parsed.encryptedHwId}`,
    `checksum        ${parsed.checksum.toString(16).toUpperCase().padStart(8, '0')} (matches)`,
    `M_ID            ${parsed.mId}`,
  ];
  const mKey = optional(o, 'mkey');
  if (mKey) lines.push(`HW_ID           ${decryptUserPermit(parsed, mKey)}`);
  if (o.json) return { out: JSON.stringify({ ...parsed, ...(mKey ? { hwId: decryptUserPermit(parsed, mKey) } : {}) }, null, 2), code: 0 };
  return { out: lines.join('\n'), code: 0 };
}

export function pkiCommand(o: Options): Outcome {
  const dir = need(o, 'o');
  const name = optional(o, 'name') ?? 'Test Data Server';
  const pki = createTestPki({ dataServerName: name, country: optional(o, 'country') });
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['scheme-administrator.pem', pki.schemeAdministrator.certificatePem],
    ['scheme-administrator-key.pem', pki.schemeAdministrator.privateKeyPem],
    ['data-server.pem', pki.dataServer.certificatePem],
    ['data-server-key.pem', pki.dataServer.privateKeyPem],
  ];
  for (const [file, text] of files) writeFileSync(join(dir, file), text, { mode: file.endsWith('-key.pem') ? 0o600 : 0o644 });
  return { out: files.map(([file]) => `wrote ${join(dir, file)}`).join('\n'), code: 0 };
}

function parseBbox(text: string | undefined): BoundingBox | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)))
    throw new S100Error('invalid_argument', `--bbox must be W,S,E,N in degrees, got ${JSON.stringify(text)}`);
  const [west, south, east, north] = parts as [number, number, number, number];
  return { west, south, east, north };
}

/** The product from an S-100 file name (its first three digits), the update from an ISO 8211 extension. */
function describeFile(path: string): Pick<ProtectedDatasetInput, 'product' | 'fileName' | 'update'> {
  const fileName = basename(path);
  const digits = /^(\d{3})/.exec(fileName)?.[1];
  if (!digits) throw new S100Error('invalid_argument', `${fileName}: an S-100 dataset name starts with its product number (101…, 102…)`);
  const extension = /\.(\d{3})$/.exec(fileName)?.[1];
  return { product: `S-${digits}`, fileName, update: extension ? Number(extension) : 0 };
}

export async function buildCommand(files: string[], o: Options): Promise<Outcome> {
  if (files.length === 0)
    throw new S100Error(
      'invalid_argument',
      'usage: s100 build -o SET.zip --sa SA.pem --ds-cert DS.pem --ds-key KEY.pem --hwid H --user-permit P FILE...',
    );
  const out = need(o, 'o');
  const identity = readDataServerIdentityFiles({
    schemeAdministratorCertificateFile: need(o, 'sa'),
    dataServerCertificateFile: need(o, 'ds-cert'),
    dataServerKeyFile: need(o, 'ds-key'),
  });
  const edition = Number(optional(o, 'edition') ?? '1');
  const issueDate = date(o, 'issue-date') ?? new Date().toISOString().slice(0, 10);
  const datasets = files.map((path): ProtectedDatasetInput => {
    try {
      statSync(path);
    } catch {
      throw new S100Error('not_found', `cannot read ${path}`);
    }
    return {
      ...describeFile(path),
      edition,
      issueDate,
      expiry: date(o, 'expiry'),
      bbox: parseBbox(optional(o, 'bbox')),
      data: fileByteSource(path),
    };
  });
  const name = optional(o, 'name') ?? commonNameOf(identity.certificate.subject);
  const report = await writeProtectedExchangeSetFile(
    {
      datasets,
      device: { hwId: need(o, 'hwid'), userPermit: need(o, 'user-permit') },
      dataServer: { identity, name, identifier: optional(o, 'ds-id') ?? name },
      identifier: optional(o, 'id'),
    },
    out,
  );
  const lines = report.datasets.map((d) => `${d.path}  ${d.plainSize} -> ${d.encryptedSize} bytes`);
  lines.push(`wrote ${out} (${report.size} bytes, ${report.datasets.length} dataset(s), exchange set ${report.identifier})`);
  return { out: lines.join('\n'), code: 0 };
}

function datasetLine(d: ReadDataset): string {
  const ed = d.edition === undefined ? '' : ` ed ${d.edition}${d.update !== undefined ? ` upd ${d.update}` : ''}`;
  return `${d.path}${ed}  ${d.status}${d.reason ? `  ${d.reason}` : ''}`;
}

export async function exchangeSetCommand(file: string | undefined, o: Options): Promise<Outcome> {
  if (!file)
    throw new S100Error(
      'invalid_argument',
      'usage: s100 exchange-set SET.zip [--sa SA.pem] [--hwid H | --user-permit P --mkey K] [-o DIR] [--json]',
    );
  const userPermit = optional(o, 'user-permit');
  const hwId = optional(o, 'hwid') ?? (userPermit ? decryptUserPermit(userPermit, need(o, 'mkey')) : undefined);
  const sa = optional(o, 'sa');
  const dir = optional(o, 'o');
  const written: string[] = [];
  const dateText = date(o, 'date');
  const set: ProtectedExchangeSet = await readProtectedExchangeSetFile(file, {
    ...(sa ? { schemeAdministrator: readText(sa, 'the scheme administrator certificate') } : {}),
    ...(hwId ? { hwId } : {}),
    ...(dateText ? { date: new Date(`${dateText}T12:00:00Z`) } : {}),
    onData: dir ? (d, data) => void written.push(writeInside(dir, d.path, data)) : undefined,
  });
  const code = set.isValid ? 0 : 1;
  if (o.json) return { out: JSON.stringify({ ...set, written }, null, 2), code };
  const lines = [
    `exchange set ${set.catalogue?.identifier ?? '?'} (${set.catalogue?.namespace ?? 'no catalogue'})`,
    ...set.signatures.map(
      (s) => `${s.file.padEnd(11)} signature ${s.status}${s.signer ? `  by ${s.signer}` : ''}${s.reason ? `  ${s.reason}` : ''}`,
    ),
    ...set.datasets.map(datasetLine),
    `${set.datasets.filter((d) => d.status === 'decrypted' || d.status === 'verified').length} of ${set.datasets.length} file(s) opened and verified${dir ? `, written under ${dir}` : ''}`,
  ];
  if (!sa) lines.push('no --sa given: the certificates were not checked against a trusted scheme administrator');
  return { out: lines.join('\n'), code };
}
