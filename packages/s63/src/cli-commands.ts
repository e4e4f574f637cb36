// The s63 sub-commands. Each returns the text to print and an exit code; errors are thrown as S63Error.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { toHex } from './bytes.js';
import { decryptCell } from './cell-crypto.js';
import { createCellPermit, decodeCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import type { ExchangeSetCell } from './exchange-set.js';
import { toYyyymmdd } from './ids.js';
import { writeExchangeSet, writeFileInside } from './node.js';
import { readExchangeSet } from './exchange-set.js';
import { readS57IssueDate } from './dsid-dates.js';
import { checkPermits } from './permit-check.js';
import { judgePermitExpiry } from './permit-expiry.js';
import { parsePermitFile, permitsForCell } from './permit-file.js';
import { createUserPermit } from './user-permit.js';

export type Options = Record<string, string | boolean | undefined>;
export interface Outcome {
  out: string;
  code: number;
}

export function need(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value === '') throw new S63Error('invalid_argument', `missing --${name}`);
  return value;
}

function readInput(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new S63Error('not_found', `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

export function userPermitCommand(o: Options): Outcome {
  return { out: createUserPermit({ hwId: need(o, 'hwid'), mKey: need(o, 'mkey'), mId: need(o, 'mid') }), code: 0 };
}

export function permitDecodeCommand(permit: string | undefined, o: Options): Outcome {
  if (!permit) throw new S63Error('invalid_argument', 'usage: s63 permit decode PERMIT --hwid H [--date YYYYMMDD]');
  const date = toYyyymmdd(typeof o.date === 'string' ? o.date : undefined);
  const p = decodeCellPermit(permit, need(o, 'hwid'), { date });
  const lines = [
    `cell    ${p.cellName}`,
    `expiry  ${p.expiry}`,
    `ck1     ${toHex(p.ck1)}`,
    `ck2     ${toHex(p.ck2)}`,
    `status  ${p.isExpired ? `expired (on ${p.expiry}, checked against ${date})` : `valid (checked against ${date})`}`,
  ];
  return { out: lines.join('\n'), code: 0 };
}

export function permitEncodeCommand(o: Options): Outcome {
  const permit = createCellPermit({
    cellName: need(o, 'cell'),
    expiry: need(o, 'expiry'),
    ck1: need(o, 'ck1'),
    ck2: need(o, 'ck2'),
    hwId: need(o, 'hwid'),
  });
  return { out: permit, code: 0 };
}

export function decryptCommand(file: string | undefined, o: Options): Outcome {
  if (!file) throw new S63Error('invalid_argument', 'usage: s63 decrypt ENCRYPTED --permit-file PERMIT.TXT --hwid H -o DIR');
  const encrypted = readInput(file);
  const permits = parsePermitFile(new TextDecoder('latin1').decode(readInput(need(o, 'permit-file'))));
  const name = (/^[A-Z0-9]{8}/i.exec(basename(file))?.[0] ?? '').toUpperCase();
  const records = permitsForCell(permits, name);
  const date = toYyyymmdd(typeof o.date === 'string' ? o.date : undefined);
  const check = checkPermits(records, need(o, 'hwid'), date);
  if (!check.ok) {
    const code = check.status === 'wrong_key' ? 'bad_checksum' : 'not_found';
    throw new S63Error(code, `${name || basename(file)}: ${check.reason}`);
  }
  const cell = decryptCell(encrypted, [check.permit.ck1, check.permit.ck2]);
  // The same rule as exchange sets: an expired permit still opens what was issued before it expired.
  const decision = judgePermitExpiry({ file: cell.fileName, expiry: check.permit.expiry, date, issueDate: readS57IssueDate(cell.data) });
  if (!decision.allowed && !o['allow-expired'])
    throw new S63Error('permit_expired', `${decision.reason} (use --allow-expired to decrypt anyway)`);
  const target = writeFileInside(need(o, 'o'), cell.fileName, cell.data);
  const warnings = decision.allowed ? decision.warnings.map((w) => `warning ${w.message}`) : [`warning ${decision.reason}`];
  return { out: [`wrote ${target} (${cell.data.length} bytes, decrypted with CK${cell.keyIndex + 1})`, ...warnings].join('\n'), code: 0 };
}

function cellLine(c: ExchangeSetCell): string {
  const ed = c.edition === undefined ? '-' : String(c.edition);
  const line = `${c.name}  ed ${ed.padStart(2)}  upd ${String(c.update).padStart(3)}  ${c.status.padEnd(14)}${c.reason ? `  ${c.reason}` : ''}`;
  return [line, ...(c.warnings ?? []).map((w) => `  warning ${w.message}`)].join('\n');
}

export function exchangeSetCommand(file: string | undefined, o: Options): Outcome {
  if (!file) throw new S63Error('invalid_argument', 'usage: s63 exchange-set ZIP --hwid H [-o DIR] [--json]');
  const zip = readInput(file);
  const options = { hwId: need(o, 'hwid'), ...(typeof o.date === 'string' ? { date: o.date } : {}) };
  const permitPath = typeof o['permit-file'] === 'string' ? o['permit-file'] : undefined;
  const withPermit = permitPath ? { ...options, permitFile: new TextDecoder('latin1').decode(readInput(permitPath)) } : options;
  const set = typeof o.o === 'string' ? writeExchangeSet(zip, o.o, withPermit) : readExchangeSet(zip, { ...withPermit, keepData: false });
  const decrypted = set.cells.filter((c) => c.status === 'decrypted').length;
  const code = decrypted < set.cells.length ? 1 : 0;
  if (o.json) {
    const cells = set.cells.map(({ data: _data, ...rest }) => rest);
    return { out: JSON.stringify({ ...set, cells }, null, 2), code };
  }
  const lines = set.cells.map(cellLine);
  lines.push(`${set.cells.length} cell file(s), ${decrypted} decrypted${'written' in set ? `, written under ${o.o}` : ''}`);
  if (!set.permitFile) lines.push('no PERMIT.TXT in the exchange set (give one with --permit-file)');
  return { out: lines.join('\n'), code };
}
