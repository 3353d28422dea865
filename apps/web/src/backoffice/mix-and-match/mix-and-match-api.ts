import { MIX_AND_MATCH_PATHS } from '@tillpoint/contracts/mix-and-match';
import { area } from '../../shared/query-keys';

/** Mix and match offers (spec 2 §7): the generic resource base and its query keys. */
export const mixAndMatches = area('mixAndMatches', MIX_AND_MATCH_PATHS.base);
