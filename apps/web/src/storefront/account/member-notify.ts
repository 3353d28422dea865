import { isApiError } from '@tillpoint/contracts/notice';
import type { ApiResult } from '../../shared/api';
import { type NotifyOptions, notify } from '../../shared/notify';
import { toast } from '../toast';

/**
 * notify() for the member sign-in calls, which the server rate-limits: a 429 carries its reason ('Please
 * wait 60 seconds before asking for a new verify code.', too many tries) and the customer sees those words
 * instead of a bare error code. Everything else goes the usual way (spec 3 §8).
 */
export function notifyMember(result: ApiResult<unknown>, options?: NotifyOptions): boolean {
  if (result.status === 429 && isApiError(result.body)) {
    toast('warn', result.body.details);
    return false;
  }
  return notify(result, options);
}
