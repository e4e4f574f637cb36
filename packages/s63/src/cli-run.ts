// The s63 command (see cli.ts for the entry point): argument parsing and the one-line failure contract (exit 2, no stack trace).
import { parseArgs } from 'node:util';
import {
  decryptCommand,
  exchangeSetCommand,
  permitDecodeCommand,
  permitEncodeCommand,
  userPermitCommand,
  type Options,
  type Outcome,
} from './cli-commands.js';
import { S63Error } from './errors.js';

const USAGE = `usage:
  s63 userpermit --hwid H --mkey K --mid M
  s63 permit decode PERMIT --hwid H [--date YYYYMMDD]
  s63 permit encode --cell C --expiry YYYYMMDD --ck1 K1 --ck2 K2 --hwid H
  s63 decrypt ENCRYPTED --permit-file PERMIT.TXT --hwid H -o DIR [--date YYYYMMDD | --allow-expired]
  s63 exchange-set ZIP --hwid H [-o DIR] [--json] [--date YYYYMMDD] [--permit-file PERMIT.TXT]`;

const STRING_OPTIONS = ['hwid', 'mkey', 'mid', 'date', 'cell', 'expiry', 'ck1', 'ck2', 'permit-file'] as const;

export function run(argv: string[]): Outcome {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
      o: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      'allow-expired': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const o = values as Options;
  const [command, sub, arg] = positionals;
  if (o.help || command === undefined || command === 'help') return { out: USAGE, code: command === undefined && !o.help ? 2 : 0 };
  switch (command) {
    case 'userpermit':
      return userPermitCommand(o);
    case 'permit':
      if (sub === 'decode') return permitDecodeCommand(arg, o);
      if (sub === 'encode') return permitEncodeCommand(o);
      throw new S63Error('invalid_argument', `unknown permit action ${JSON.stringify(sub ?? '')} (decode or encode)`);
    case 'decrypt':
      return decryptCommand(sub, o);
    case 'exchange-set':
      return exchangeSetCommand(sub, o);
    default:
      throw new S63Error('invalid_argument', `unknown command ${JSON.stringify(command)}; try s63 --help`);
  }
}

export function main(argv: string[]): number {
  try {
    const { out, code } = run(argv);
    (code === 2 ? process.stderr : process.stdout).write(out + '\n');
    return code;
  } catch (err) {
    const message = err instanceof S63Error ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    process.stderr.write(`s63: ${message.split('\n')[0]}\n`);
    return 2;
  }
}
