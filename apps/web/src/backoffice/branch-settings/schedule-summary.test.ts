import { describe, expect, it } from 'vitest';
import { daySummary } from './schedule-summary';

describe('a day of the Branch Schedules grid in words', () => {
  it('says Closed without both opening hours', () => {
    expect(daySummary([null, null, null, null])).toBe('Closed');
    expect(daySummary(['11:00', null, '17:00', '22:00'])).toBe('Closed');
    expect(daySummary(['11:__', '23:00', null, null])).toBe('Closed');
  });

  it('shows the hours, overnight hours as running into the next day, equal hours as all day', () => {
    expect(daySummary(['11:00', '23:00', '17:00', '22:00'])).toBe('Open 11:00 – 23:00; delivery 17:00 – 22:00');
    expect(daySummary(['11:00', '00:30', null, null])).toBe('Open 11:00 – 00:30 (next day); delivery during opening hours');
    expect(daySummary(['00:00', '00:00', '18:00', '01:00'])).toBe('Open all day; delivery 18:00 – 01:00 (next day)');
  });
});
