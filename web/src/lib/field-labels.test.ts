import * as activation from '@chartroom/contracts/activation';
import * as agreements from '@chartroom/contracts/agreements';
import * as applicationTypes from '@chartroom/contracts/application-types';
import * as auth from '@chartroom/contracts/auth';
import * as charts from '@chartroom/contracts/charts';
import * as customProducts from '@chartroom/contracts/custom-products';
import * as distributors from '@chartroom/contracts/distributors';
import * as geocontents from '@chartroom/contracts/geocontents';
import * as licensing from '@chartroom/contracts/licensing';
import * as navMessages from '@chartroom/contracts/nav-messages';
import * as ntm from '@chartroom/contracts/ntm';
import * as orders from '@chartroom/contracts/orders';
import * as poi from '@chartroom/contracts/poi';
import * as providers from '@chartroom/contracts/providers';
import * as rawDepth from '@chartroom/contracts/raw-depth';
import * as users from '@chartroom/contracts/users';
import { describe, expect, it } from 'vitest';
import enErrors from '../../public/locales/en/errors.json';
import ruErrors from '../../public/locales/ru/errors.json';

// A validation failure names the field by its label (errors:fields.<name>): every field of an input
// schema the web sends (…Body, …Query, …Params) has one in both languages.
const modules = [
  activation,
  agreements,
  applicationTypes,
  auth,
  charts,
  customProducts,
  distributors,
  geocontents,
  licensing,
  navMessages,
  ntm,
  orders,
  poi,
  providers,
  rawDepth,
  users,
];

function inputFieldNames(): Set<string> {
  const names = new Set<string>();
  for (const module of modules) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!/(Body|Query|Params)$/.test(exportName)) continue;
      const shape = (value as { shape?: Record<string, unknown> }).shape;
      if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) names.add(key);
    }
  }
  return names;
}

describe('field labels', () => {
  it('labels every field of the input schemas in en and ru', () => {
    const names = [...inputFieldNames()];
    expect(names.length).toBeGreaterThan(20);
    const missing = names.filter((name) => !(name in enErrors.fields) || !(name in ruErrors.fields));
    expect(missing).toEqual([]);
  });
});
