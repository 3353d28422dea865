import { TOP_LEVEL } from '@tillpoint/contracts/web-menu';

/** One step of the list's breadcrumb: a menu drilled into. */
export type TrailStep = { id: number; name: string };

/** Where the list keeps its trail while the user is in the editor (spec 2 §2: session storage). */
export const TRAIL_KEY = 'tillpoint.webMenuTrail';

const isStep = (v: unknown): v is TrailStep =>
  typeof v === 'object' && v !== null && Number.isInteger((v as TrailStep).id) && (v as TrailStep).id > 0 && typeof (v as TrailStep).name === 'string';

/** The stored trail; anything unreadable is the top level. */
export function readTrail(storage: Pick<Storage, 'getItem'>): TrailStep[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TRAIL_KEY) ?? '[]');
    return Array.isArray(parsed) && parsed.every(isStep) ? parsed : [];
  } catch {
    return [];
  }
}

export function writeTrail(storage: Pick<Storage, 'setItem'>, trail: TrailStep[]) {
  storage.setItem(TRAIL_KEY, JSON.stringify(trail.map(({ id, name }) => ({ id, name }))));
}

/** The menu whose children show: the last step, or the top level. */
export const currentParent = (trail: TrailStep[]) => trail.at(-1)?.id ?? TOP_LEVEL;

/** Drilling into a menu adds a step; drilling into one already on the trail goes back to it. */
export function drillInto(trail: TrailStep[], step: TrailStep): TrailStep[] {
  const at = trail.findIndex((s) => s.id === step.id);
  return at >= 0 ? trail.slice(0, at + 1) : [...trail, step];
}

/** A breadcrumb click: the trail up to and including that step (-1, the home icon, empties it). */
export function backTo(trail: TrailStep[], id: number): TrailStep[] {
  if (id === TOP_LEVEL) return [];
  const at = trail.findIndex((s) => s.id === id);
  return at >= 0 ? trail.slice(0, at + 1) : trail;
}

/**
 * A level's cards after one moves from `from` to `to` (drag or the up/down buttons), renumbered
 * 1..n so the order the user sees is the order saved (spec 2 §3: menuDisplayNo).
 */
export function reorder<T extends { id: number; menuDisplayNo: number }>(cards: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= cards.length || to >= cards.length) return cards;
  const list = [...cards];
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return list.map((c, i) => ({ ...c, menuDisplayNo: i + 1 }));
}
