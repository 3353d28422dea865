import type { TestProject } from 'vitest/node';
import { makeDbTemplates } from './db-templates';

/**
 * Once per run of a server project: the databases its test files copy (db-templates.ts). The engine
 * is the project's (DB_ENGINE in its env), the same the harness reads in the test workers.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const { templates, remove } = await makeDbTemplates(engine);
  project.provide('dbTemplates', templates);
  return remove;
}
