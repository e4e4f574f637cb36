import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { findMapTask, insertMapTask } from './geocontents.repository.js';

/** `gotomap`: a new task id for the map screen, bound to the geocontent and the provider. */
export async function createMapTask(opts: { db: Db; actor: Actor; input: { gcid: number } }) {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const task = await insertMapTask(opts.db, { taskId: randomBytes(16).toString('hex'), geocontentId: gc.id, userId: opts.actor.id });
  return { taskId: task.taskId };
}

/** The geocontent a map task shows; only the provider that made it may open it. */
export async function getMapTask(opts: { db: Db; actor: Actor; input: { taskId: string } }) {
  const task = await findMapTask(opts.db, opts.input.taskId);
  if (!task || task.userId !== opts.actor.id) throw notFound('Map task');
  await requireOwnedGeocontent(opts.db, opts.actor, task.geocontentId);
  return { taskId: task.taskId, gcid: task.geocontentId, title: task.title, createdAt: task.createdAt.toISOString() };
}
