import { auditActions } from '@chartroom/contracts/licensing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const actionsOf = (lang: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(join(__dirname, `../../../../public/locales/${lang}/licensing.json`), 'utf8')) as {
      audit: { actions: Record<string, string> };
    }
  ).audit.actions;

// The audit log shows what happened in words, never a raw code such as `chart.upload`.
describe('audit log actions', () => {
  it.each(['en', 'ru'])('has a %s text for every action the server records, and none for an unknown one', (lang) => {
    const actions = actionsOf(lang);
    expect(auditActions.filter((action) => !actions[action]?.trim())).toEqual([]);
    expect(Object.keys(actions).filter((key) => !(auditActions as readonly string[]).includes(key))).toEqual([]);
    for (const action of auditActions) expect(actions[action]).not.toBe(action);
  });
});
