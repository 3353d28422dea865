import { describe, expect, it } from 'vitest';
import { configProblems, loadConfig } from './config';

describe('config', () => {
  it('refuses production without PUBLIC_URL, because mailed links would follow the Host header', () => {
    expect(configProblems(loadConfig({ TEST_ENVIRONMENT: 'false' }))).toHaveLength(1);
    expect(configProblems(loadConfig({ TEST_ENVIRONMENT: 'false', PUBLIC_URL: 'https://pos.example.com' }))).toEqual([]);
    expect(configProblems(loadConfig({}))).toEqual([]);
  });

  it('trusts forwarded headers only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
