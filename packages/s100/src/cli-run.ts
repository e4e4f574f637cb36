// The s100 command (cli.ts is the entry point): argument parsing and the one-line failure contract
// (exit 2 and `s100: <code>: <message>` on stderr, no stack trace).
import { parseArgs } from 'node:util';
import {
  buildCommand,
  exchangeSetCommand,
  pkiCommand,
  userPermitCommand,
  userPermitDecodeCommand,
  type Options,
  type Outcome,
} from './cli-commands.js';
import { S100Error } from './errors.js';

export const USAGE = `usage:
  s100 userpermit --hwid H --mkey K --mid M
  s100 userpermit decode PERMIT [--mkey K]
  s100 pki -o DIR [--name NAME] [--country CC]
  s100 build -o SET.zip --sa SA.pem --ds-cert DS.pem --ds-key DS-KEY.pem --hwid H --user-permit P
             [--name NAME] [--ds-id ID] [--id SET-ID] [--edition N] [--issue-date YYYY-MM-DD]
             [--expiry YYYY-MM-DD] [--bbox W,S,E,N] FILE...
  s100 exchange-set SET.zip [--sa SA.pem] [--hwid H | --user-permit P --mkey K] [-o DIR] [--json] [--date YYYY-MM-DD]`;

const STRING_OPTIONS = [
  'hwid',
  'mkey',
  'mid',
  'name',
  'country',
  'sa',
  'ds-cert',
  'ds-key',
  'user-permit',
  'ds-id',
  'id',
  'edition',
  'issue-date',
  'expiry',
  'bbox',
  'date',
] as const;

export async function run(argv: string[]): Promise<Outcome> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
      o: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const o = values as Options;
  const [command, ...rest] = positionals;
  if (o.help || command === undefined || command === 'help') return { out: USAGE, code: command === undefined && !o.help ? 2 : 0 };
  switch (command) {
    case 'userpermit':
      if (rest[0] === 'decode') return userPermitDecodeCommand(rest[1], o);
      if (rest.length > 0)
        throw new S100Error('invalid_argument', `unknown userpermit action ${JSON.stringify(rest[0])} (decode, or none to make one)`);
      return userPermitCommand(o);
    case 'pki':
      return pkiCommand(o);
    case 'build':
      return buildCommand(rest, o);
    case 'exchange-set':
      return exchangeSetCommand(rest[0], o);
    default:
      throw new S100Error('invalid_argument', `unknown command ${JSON.stringify(command)}; try s100 --help`);
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    const { out, code } = await run(argv);
    (code === 2 ? process.stderr : process.stdout).write(out + '\n');
    return code;
  } catch (err) {
    const message = err instanceof S100Error ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    process.stderr.write(`s100: ${message.split('\n')[0]}\n`);
    return 2;
  }
}
