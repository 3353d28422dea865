import { PATHS } from '@tillpoint/contracts/api-paths';
import { area } from '../../shared/query-keys';

/** Taxes (spec 2 §7, base storemanagement/tax/). */
export const taxes = area('taxes', PATHS.tax);
