import type { Config } from '../../config.js';
import type { DemoExtension } from './demo.js';

/** Demo data each feature module adds on top of the accounts. */
export function demoExtensions(_config: Config): DemoExtension[] {
  return [];
}
