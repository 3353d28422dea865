import { z } from 'zod';
import { MESSAGES } from './messages';
import { ID_MAX, requiredText } from './fields';
import { USER_MESSAGES } from './merchant-user';

/** Till users of a branch and a merchant user's link to one (spec 1 §3 "Till user", §7 merchantuser/tilluser/…). */

/** A till's own operator at a branch (spec 1 §3 "Till user"). */
export const tillUserSchema = z.object({ id: z.number().int(), merchantBranchId: z.number().int(), name: z.string() });
export type TillUser = z.infer<typeof tillUserSchema>;
/** POST merchantuser/tilluser/create (tills are the usual source; this lets a branch start without one). */
export const tillUserCreateSchema = z.object({
  merchantBranchId: z.number({ error: MESSAGES.requiredFields }).int().positive({ error: MESSAGES.requiredFields }),
  name: requiredText(),
});
export type TillUserCreate = z.infer<typeof tillUserCreateSchema>;

/** -1 in a path means "none" (spec 1 §7: the till user id is -1 when empty; it clears the link). */
export const NO_ID = -1;
// Path segments are text: only plain digits (or -1) name an id; nothing else is coerced into one.
const pathId = z
  .string({ error: USER_MESSAGES.selectBranchAndTillUser })
  .regex(/^(-1|[1-9][0-9]{0,15})$/, { error: USER_MESSAGES.selectBranchAndTillUser })
  .transform(Number)
  .pipe(z.number().max(ID_MAX, { error: USER_MESSAGES.selectBranchAndTillUser }));
/**
 * PUT merchantuser/tilluser/userId/{userId}/merchantBranchId/{branchId}/tillUserId/{tillUserId}.
 * A user and a branch are needed ('Please select a branch and a till user!'); tillUserId -1 clears.
 */
export const tillUserLinkParamsSchema = z
  .object({ userId: pathId, branchId: pathId, tillUserId: pathId })
  .superRefine((v, ctx) => {
    if (v.userId <= 0 || v.branchId <= 0 || (v.tillUserId <= 0 && v.tillUserId !== NO_ID)) {
      ctx.addIssue({ code: 'custom', message: USER_MESSAGES.selectBranchAndTillUser });
    }
  });
export type TillUserLinkParams = z.infer<typeof tillUserLinkParamsSchema>;

/**
 * PUT till/tillusers (till token): a till reports the operator names it has; names new to the
 * branch are added, existing ones kept. The reply is every till user of the branch.
 */
export const tillUsersPushSchema = z.object({
  names: z.array(requiredText()).min(1, { error: MESSAGES.requiredFields }).max(500),
});
export type TillUsersPush = z.infer<typeof tillUsersPushSchema>;
