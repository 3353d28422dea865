import type { LazyColumn } from '../../shared/ui/lazy-table';

type UserRow = { id: number; userName: string; firstName: string; lastName: string; email: string; mobilePhone: string; status: string };

/** The columns of both user tables (merchant users, admin users): who, how to reach them, and the status. */
export const USER_COLUMNS: LazyColumn<UserRow>[] = [
  { field: 'userName', header: 'User Name' },
  { field: 'firstName', header: 'First Name' },
  { field: 'lastName', header: 'Last Name' },
  { field: 'email', header: 'Email' },
  { field: 'mobilePhone', header: 'Mobile Phone' },
  { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
];
