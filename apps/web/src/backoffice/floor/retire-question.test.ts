import { describe, expect, it } from 'vitest';
import { retireQuestion } from './retire-question';

describe('the question before a resize', () => {
  it('names the tables above the new size: a run, a single one, a list', () => {
    expect(retireQuestion([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 6)).toBe('Tables 7 to 12 will be retired. Are you sure?');
    expect(retireQuestion([1, 2, 3, 12], 10)).toBe('Table 12 will be retired. Are you sure?');
    expect(retireQuestion([9, 1, 2, 14, 11], 8)).toBe('Tables 9, 11 and 14 will be retired. Are you sure?');
  });

  it('asks nothing when no table is above the new size', () => {
    expect(retireQuestion([1, 2, 3], 3)).toBeNull();
    expect(retireQuestion([1, 2, 3], 10)).toBeNull();
    expect(retireQuestion([], 1)).toBeNull();
  });
});
