import { z } from 'zod';
import { statusSchema } from './enums';
import { requiredText } from './fields';
import { MESSAGES } from './messages';

/** Network printers (ESC/POS over TCP): kitchen tickets and receipts. */
export const DEVICE_KINDS = ['KITCHEN', 'RECEIPT'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEFAULT_PRINTER_PORT = 9100;

export const DEVICE_MESSAGES = {
  /** Ours. */
  address: 'Please enter the printer address as an IPv4 address or a host name.',
  port: 'The port must be a whole number from 1 to 65535.',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST = /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const isPrinterAddress = (v: string) => IPV4.test(v) || (HOST.test(v) && !/^[\d.]+$/.test(v));

/** A printer on the shop's network: name, address, port (9100 unless told) and kind. */
export const deviceInputSchema = z.object({
  name: requiredText(),
  status: statusSchema.default('ACTIVE'),
  networkAddress: requiredText().refine(isPrinterAddress, { error: DEVICE_MESSAGES.address }),
  port: z
    .number({ error: DEVICE_MESSAGES.port })
    .int({ error: DEVICE_MESSAGES.port })
    .min(1, { error: DEVICE_MESSAGES.port })
    .max(65535, { error: DEVICE_MESSAGES.port })
    .default(DEFAULT_PRINTER_PORT),
  kind: z.enum(DEVICE_KINDS, { error: MESSAGES.requiredFields }),
});
export type DeviceInput = z.output<typeof deviceInputSchema>;
export type DeviceForm = z.input<typeof deviceInputSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  networkAddress: z.string(),
  port: z.number().int(),
  kind: z.enum(DEVICE_KINDS),
});
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_TABLE_COLUMNS = ['id', 'name', 'status', 'networkAddress', 'port', 'kind'] as const;
