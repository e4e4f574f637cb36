import { randomBytes } from 'node:crypto';
import type { MapStatusView } from '@chartroom/contracts/map';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { describeMapTask, type TileDeps } from '../tiles/tiles.service.js';
import { insertMapTask } from './geocontents.repository.js';
import { countMapStatus } from '../tiles/map-preparation.repository.js';

/** `gotomap`: a new task id for the map screen, bound to the geocontent and the provider. */
export async function createMapTask(opts: { db: Db; actor: Actor; input: { gcid: number } }) {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const task = await insertMapTask(opts.db, { taskId: randomBytes(16).toString('hex'), geocontentId: gc.id, userId: opts.actor.id });
  return { taskId: task.taskId };
}

/** The geocontent a map task shows, with its charts; only the provider that made it may open it (12 hours). */
export async function getMapTask(opts: { deps: TileDeps; actor: Actor; input: { taskId: string } }) {
  return describeMapTask({ deps: opts.deps, actor: opts.actor, taskId: opts.input.taskId });
}

/**
 * `map-status`: how far the map of the geocontent's current collection is prepared (decision
 * 0032). `ready` only when every cell and grid is: a failed one is not prepared (its tiles are
 * made on demand, slower), and the provider is told so rather than shown a finished map.
 */
export async function getMapStatus(opts: { db: Db; actor: Actor; input: { gcid: number } }): Promise<MapStatusView> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const { cells, ready, failed } = await countMapStatus(opts.db, gc.id);
  const pending = cells - ready - failed;
  return { cells, ready: pending === 0 && failed === 0, pending, failed };
}
