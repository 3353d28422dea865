import { asc, eq } from 'drizzle-orm';
import type { Country } from '@tillpoint/contracts/country';
import type { Device, DeviceInput } from '@tillpoint/contracts/device';
import type { ProductClass, ProductClassInput } from '@tillpoint/contracts/product-class';
import type { Supplier, SupplierInput } from '@tillpoint/contracts/supplier';
import type { Db } from '../../db/open-db';
import { country, device, productClass, supplier } from '../../db/schema';
import { branchRepo } from '../../platform/branch-repo';

/** Suppliers, printers and product classes: plain branch-owned lists on the generic repo. */
export const supplierRepo = branchRepo<typeof supplier, Supplier, SupplierInput>(supplier, supplier, {
  columns: {
    id: { column: supplier.id, kind: 'number' },
    name: { column: supplier.name, kind: 'text' },
    status: { column: supplier.status, kind: 'text' },
    email: { column: supplier.email, kind: 'text' },
    phone: { column: supplier.phone, kind: 'text' },
  },
  toRecord: (r) => ({ id: r.id, name: r.name, status: r.status as Supplier['status'], email: r.email, phone: r.phone }),
  toRow: (i) => ({ name: i.name, status: i.status, email: i.email, phone: i.phone }),
});

export const deviceRepo = branchRepo<typeof device, Device, DeviceInput>(device, device, {
  columns: {
    id: { column: device.id, kind: 'number' },
    name: { column: device.name, kind: 'text' },
    status: { column: device.status, kind: 'text' },
    networkAddress: { column: device.networkAddress, kind: 'text' },
    port: { column: device.port, kind: 'number' },
    kind: { column: device.kind, kind: 'text' },
  },
  toRecord: (r) => ({ id: r.id, name: r.name, status: r.status as Device['status'], networkAddress: r.networkAddress, port: r.port, kind: r.kind as Device['kind'] }),
  toRow: (i) => ({ name: i.name, status: i.status, networkAddress: i.networkAddress, port: i.port, kind: i.kind }),
});

export const productClassRepo = branchRepo<typeof productClass, ProductClass, ProductClassInput>(productClass, productClass, {
  columns: {
    id: { column: productClass.id, kind: 'number' },
    name: { column: productClass.name, kind: 'text' },
    status: { column: productClass.status, kind: 'text' },
  },
  toRecord: (r) => ({ id: r.id, name: r.name, status: r.status as ProductClass['status'] }),
  toRow: (i) => ({ name: i.name, status: i.status }),
});

export const allCountries = (db: Db): Promise<Country[]> => db.select().from(country).orderBy(asc(country.name));
export const getCountry = async (db: Db, id: number): Promise<Country | undefined> => (await db.select().from(country).where(eq(country.id, id)))[0];
