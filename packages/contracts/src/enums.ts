import { z } from 'zod';

export const STATUSES = ['ACTIVE', 'PASSIVE'] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

export const NOTICE_TYPES = ['SUCCESS', 'INFO', 'WARNING', 'ERROR'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const USER_TYPES = ['admin', 'merchant', 'member', 'till'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const LICENSE_STATUSES = ['DEMO', 'ACTIVE', 'PASSIVE'] as const;
export const SERVICE_NAMES = ['WEB_MENU', 'WEB_ORDER', 'TABLE_ORDER', 'ORDER_DISPLAY'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const ACTION_REASONS = [
  'PAYMENT_COMPLETED',
  'EXPIRED',
  'NOT_PAID',
  'SERVICE_REGISTERED',
  'SERVICE_UNREGISTERED',
  'SERVICE_REACTIVATED',
] as const;
export const TITLES = ['MR', 'MRS', 'MISS'] as const;
export const SECTORS = ['RETAIL', 'HOSPITALITY'] as const;
export const CREDIT_TYPES = ['ADDRESS', 'DISTANCE'] as const;
export const COUNTRIES = ['United Kingdom'] as const;
