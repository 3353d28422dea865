import type { FastifyInstance } from 'fastify';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { taxInputSchema, taxSchema } from '@tillpoint/contracts/tax';
import type { Db } from '../../db/open-db';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { taxRepo } from './tax.repo';

export function taxRoutes(app: FastifyInstance, db: Db) {
  registerResourceRoutes(app, db, {
    base: PATHS.tax,
    objectName: OBJECTS.tax,
    tag: 'Tax',
    record: taxSchema,
    input: taxInputSchema,
    repo: taxRepo,
    sample: { name: 'Sweep tax', rate: 12.5 },
  });
}
