import { describe, expect, it } from 'vitest';
import { TRAIL_KEY, backTo, currentParent, drillInto, readTrail, reorder, writeTrail } from './web-menu-trail';

/** A storage with Storage's two calls the trail uses, backed by a Map. */
const memoryStorage = () => {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
};

describe('web menu list trail', () => {
  it('survives a trip through storage and starts at the top level when empty or unreadable', () => {
    const storage = memoryStorage();
    expect(readTrail(storage)).toEqual([]);
    expect(currentParent(readTrail(storage))).toBe(-1);
    writeTrail(storage, [
      { id: 4, name: 'Drinks' },
      { id: 9, name: 'Soft Drinks' },
    ]);
    expect(readTrail(storage)).toEqual([
      { id: 4, name: 'Drinks' },
      { id: 9, name: 'Soft Drinks' },
    ]);
    expect(currentParent(readTrail(storage))).toBe(9);
    storage.values.set(TRAIL_KEY, '{not json');
    expect(readTrail(storage)).toEqual([]);
    storage.values.set(TRAIL_KEY, JSON.stringify([{ id: -3, name: 'x' }]));
    expect(readTrail(storage)).toEqual([]);
  });

  it('drills in, goes back by the breadcrumb, and the home icon resets to the top', () => {
    const one = drillInto([], { id: 4, name: 'Drinks' });
    const two = drillInto(one, { id: 9, name: 'Soft Drinks' });
    expect(two.map((s) => s.id)).toEqual([4, 9]);
    expect(drillInto(two, { id: 4, name: 'Drinks' }).map((s) => s.id)).toEqual([4]);
    expect(backTo(two, 4).map((s) => s.id)).toEqual([4]);
    expect(backTo(two, -1)).toEqual([]);
  });

  it('reorders a level and renumbers it from 1', () => {
    const cards = [
      { id: 1, menuDisplayNo: 5 },
      { id: 2, menuDisplayNo: 7 },
      { id: 3, menuDisplayNo: 9 },
    ];
    expect(reorder(cards, 2, 0)).toEqual([
      { id: 3, menuDisplayNo: 1 },
      { id: 1, menuDisplayNo: 2 },
      { id: 2, menuDisplayNo: 3 },
    ]);
    expect(reorder(cards, 0, 1).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(reorder(cards, 0, 3)).toBe(cards);
  });
});
