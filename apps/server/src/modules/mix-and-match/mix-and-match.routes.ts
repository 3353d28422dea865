import type { FastifyInstance } from 'fastify';
import { MIX_AND_MATCH_PATHS, mixAndMatchInputSchema, mixAndMatchSchema } from '@tillpoint/contracts/mix-and-match';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import type { Db } from '../../db/open-db';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { mixAndMatchRepo } from './mix-and-match.repo';

/** Mix and match (spec 2 §7): the generic calls; the list is the table load at mixandmatch/all. */
export function mixAndMatchRoutes(app: FastifyInstance, db: Db) {
  registerResourceRoutes(app, db, {
    base: MIX_AND_MATCH_PATHS.base,
    objectName: OBJECTS.mixAndMatch,
    tag: 'MixAndMatch',
    record: mixAndMatchSchema,
    input: mixAndMatchInputSchema,
    repo: mixAndMatchRepo,
    sample: { name: 'Sweep offer', mixAndMatchType: 'ALL_PRODUCTS', level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 20, amount: 2 },
  });
}
