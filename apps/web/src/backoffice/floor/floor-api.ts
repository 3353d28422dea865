import { REST_TABLE_PATHS } from '@tillpoint/contracts/rest-table';
import { area } from '../../shared/query-keys';

/** The floor's tables (spec 2 §7 Rest table): the generic resource base and its query keys. */
export const restTables = area('restTables', REST_TABLE_PATHS.base);
