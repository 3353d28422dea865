import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, PATHS } from '@tillpoint/contracts/api-paths';

const html = readFileSync(new URL('../../backoffice.html', import.meta.url), 'utf8');

describe('the back office page', () => {
  it('asks for the system parameters with the page, at the path the API client fetches them from', () => {
    expect(html).toContain(`<link rel="preload" href="${API_PREFIX}${PATHS.systemParams}" as="fetch" crossorigin />`);
  });
});
