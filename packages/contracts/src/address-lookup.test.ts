import { describe, expect, it } from 'vitest';
import { inServiceableAreas, milesBetween, normalisePostcode, outwardCode } from './address-lookup';

describe('UK postcodes', () => {
  it('normalises case and spacing to one space before the inward code', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('  SW1A   1AA ')).toBe('SW1A 1AA');
    expect(normalisePostcode('ec2n2db')).toBe('EC2N 2DB');
    expect(normalisePostcode('n19al')).toBe('N1 9AL');
    expect(normalisePostcode('m11ae')).toBe('M1 1AE');
    expect(normalisePostcode('gir0aa')).toBe('GIR 0AA');
  });

  it('takes every shape of UK postcode the postcode package knows, whatever the spacing around and between its halves', () => {
    // A9 9AA, A99 9AA, A9A 9AA, AA9 9AA, AA99 9AA, AA9A 9AA.
    for (const [typed, normal] of [
      ['m1 1ae', 'M1 1AE'],
      ['b338th', 'B33 8TH'],
      ['w1a 0ax', 'W1A 0AX'],
      ['cr2 6xh', 'CR2 6XH'],
      ['dn55 1pt', 'DN55 1PT'],
      ['\tec1a\t1bb\n', 'EC1A 1BB'],
    ]) {
      expect(normalisePostcode(typed)).toBe(normal);
    }
    expect(outwardCode('sw1a1aa')).toBe('SW1A');
    expect(outwardCode('dn55 1pt')).toBe('DN55');
    expect(outwardCode('not one')).toBe('');
  });

  it('refuses what is not a UK postcode', () => {
    for (const bad of ['', 'SW1A', '1AA', 'SW1A 1A', 'SW1A 1AAA', '12345', 'GIR 1AA', 'SW1A-1AA!', 'ABC1 1AA', 'S W1A 1AA', 'SW1A 1AA,', '1SW 1AA', 'SW1A 11A']) {
      expect(normalisePostcode(bad)).toBeNull();
    }
    expect(outwardCode('SW1A 1AA')).toBe('SW1A');
  });

  it('serviceable areas: areas, districts with their sub-districts, outward codes and whole postcodes', () => {
    expect(inServiceableAreas('SW1A 1AA', 'SW1')).toBe(true);
    expect(inServiceableAreas('SW1A 1AA', 'SW')).toBe(true);
    expect(inServiceableAreas('SW19 5AE', 'SW1')).toBe(false);
    expect(inServiceableAreas('SW19 5AE', ' w1, sw19 ')).toBe(true);
    expect(inServiceableAreas('N1 9AL', 'SW1A 1AA,N1 9AL')).toBe(true);
    expect(inServiceableAreas('N1 9AL', 'N')).toBe(true);
    expect(inServiceableAreas('NW1 9AL', 'N')).toBe(false);
    expect(inServiceableAreas('N1 9AL', null)).toBe(false);
    expect(inServiceableAreas('N1C 4AG', 'N1')).toBe(true);
    expect(inServiceableAreas('N19 5AA', 'N1')).toBe(false);
    expect(inServiceableAreas('SW1E 5JL', 'SW1A')).toBe(false);
    expect(inServiceableAreas('sw1a1aa', 'SW1A')).toBe(true);
    expect(inServiceableAreas('SW1A 1AA', 'sw1a1aa')).toBe(true);
    expect(inServiceableAreas('NOT A POSTCODE', 'N, SW')).toBe(false);
  });

  it('distance in miles over the great circle', () => {
    // Buckingham Palace to 10 Downing Street is about 0.6 miles; London to Manchester about 163.
    expect(milesBetween({ lat: 51.501009, lon: -0.141588 }, { lat: 51.503396, lon: -0.12764 })).toBeCloseTo(0.61, 1);
    expect(milesBetween({ lat: 51.5074, lon: -0.1278 }, { lat: 53.4808, lon: -2.2426 })).toBeGreaterThan(160);
    expect(milesBetween({ lat: 51.5, lon: -0.1 }, { lat: 51.5, lon: -0.1 })).toBe(0);
  });
});
