import { useMemo } from 'react';
import type { UserDto } from '@tillpoint/contracts/auth';
import { privilegeKey } from '@tillpoint/contracts/privileges';
import { useUser, userType } from './session';

/** The four switches every catalogue screen gates its table and buttons with (spec 2 §6). */
export type Can = { view: boolean; add: boolean; create: boolean; delete: boolean };

/** Platform admin screens check nothing beyond being an admin (spec 1 §6); the server guards them. */
export const ADMIN_CAN: Can = { view: true, add: true, create: true, delete: true };

export function privilegesOf(user: UserDto): Set<string> {
  const keys = new Set<string>();
  for (const role of user.roles) {
    for (const p of role.merchantRolePrivilegeList) if (p.status === 'ACTIVE') keys.add(privilegeKey(p.objectName, p.action));
  }
  return keys;
}

export function canOn(keys: Set<string>, objectName: string): Can {
  const has = (action: string) => keys.has(privilegeKey(objectName, action));
  return { view: has('View'), add: has('Add'), create: has('Create'), delete: has('Delete') };
}

/** What the signed-in user may do on one object, e.g. usePrivileges(OBJECTS.tax). */
export function usePrivileges(objectName: string): Can {
  const user = useUser();
  return useMemo(() => canOn(privilegesOf(user), objectName), [user, objectName]);
}

/**
 * For screens both user types open (spec 1 §6, merchant users): an administrator may do
 * everything, a merchant user what its roles' privileges on the object allow.
 */
export function useStaffCan(objectName: string): Can {
  const merchantCan = usePrivileges(objectName);
  return userType === 'admin' ? ADMIN_CAN : merchantCan;
}
