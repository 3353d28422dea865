import { describe, expect, it } from 'vitest';
import { adminLoginSchema } from '@tillpoint/contracts/auth';
import { resolverOf } from './use-zod-form';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('useZodForm: the schema resolver', () => {
  it('checks with a schema given by a loader as with the schema itself, loading it once', async () => {
    let loads = 0;
    const loader = async () => {
      loads++;
      return adminLoginSchema;
    };
    const lazy = await resolverOf(loader);
    const eager = await resolverOf(adminLoginSchema);
    for (const values of [{ userName: 'admin', password: 'Admin1234' }, { userName: '', password: '' }]) {
      expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
    }
    expect((await lazy({ userName: 'admin', password: 'Admin1234' }, undefined, options)).values).toMatchObject({ userName: 'admin' });
    expect(Object.keys((await lazy({ userName: '', password: '' }, undefined, options)).errors)).toContain('userName');
    expect(await resolverOf(loader)).toBe(lazy);
    expect(loads).toBe(1);
  });
});
