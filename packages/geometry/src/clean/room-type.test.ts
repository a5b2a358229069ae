import { describe, expect, test } from 'vitest';
import type { RoomType } from '@edrf/model';
import { rect } from '../test-shapes.js';
import { roomTypeFromGeometry, roomTypeFromName } from './room-type.js';

const NAMES: Record<Exclude<RoomType, 'Other'>, { sv: string[]; en: string[]; de: string[] }> = {
  Kitchen: {
    sv: ['Kök', 'Personalkök', 'Pentry'],
    en: ['Kitchen', 'Kitchenette', 'Pantry'],
    de: ['Küche', 'Teeküche', 'Wohnen/Essen/Kochen'],
  },
  Shower: { sv: ['Dusch', 'Duschrum'], en: ['Shower room'], de: ['Dusche'] },
  Bathroom: {
    sv: ['Badrum', 'WC', 'Toalett'],
    en: ['Bathroom 1', "Women's Restroom", 'R.R.', 'Toilet'],
    de: ['Bad', 'WC Damen', 'Gästebad'],
  },
  AccessibleBathroom: { sv: ['RWC', 'Handikapptoalett'], en: ['Accessible WC', 'Disabled toilet'], de: ['WC barrierefrei'] },
  Balcony: { sv: ['Balkong', 'Terrass'], en: ['Balcony', 'Outdoor Patio'], de: ['Balkon', 'Loggia'] },
  Stairwell: { sv: ['Trapphus', 'Trappa 2'], en: ['Stair', 'Existing Stairs (N.I.C.)'], de: ['Treppenhaus', 'Flur 1.OG Treppe'] },
  ServerRoom: { sv: ['Serverrum', 'Datorrum'], en: ['Server room'], de: ['Serverraum'] },
  Shaft: { sv: ['Schakt', 'Hisschakt'], en: ['Shaft', 'Elevator (N.I.C.)'], de: ['Schacht', 'Aufzug'] },
  Workshop: { sv: ['Verkstad'], en: ['Workshop'], de: ['Werkstatt'] },
  SleepingRoom: { sv: ['Sovrum 2'], en: ['Bedroom', 'Master bedroom'], de: ['Schlafzimmer'] },
};

describe('room type from the name', () => {
  for (const [type, languages] of Object.entries(NAMES)) {
    for (const [language, names] of Object.entries(languages)) {
      test(`${type} in ${language}: ${names.join(', ')}`, () => {
        for (const name of names) expect([name, roomTypeFromName(name)]).toEqual([name, type]);
      });
    }
  }
  test('names of other rooms, and no name, are Other', () => {
    for (const name of [
      'Kontor',
      'Vardagsrum',
      'Living Room',
      'Hallway',
      'Buero Meier',
      'Wohnen',
      'Labor K1',
      'Badminton hall',
      '',
      'Room',
    ])
      expect([name, roomTypeFromName(name)]).toEqual([name, 'Other']);
  });
});

describe('room type from the geometry', () => {
  const hall = { exterior: rect(0, 0, 4, 3), interiors: [] };
  const stair = (w: number, h: number) => ({ exterior: rect(0.5, 0.5, w, h), interiors: [] });
  test('a room holding a stair that fills a fifth of it or more is a stairwell', () => {
    expect(roomTypeFromGeometry(hall, { stairs: [stair(1, 2.5)] })).toBe('Stairwell');
    expect(roomTypeFromGeometry(hall, { stairs: [stair(1, 2)] })).toBe('Other');
  });
  test('a stair mostly outside the room does not count', () => {
    expect(roomTypeFromGeometry(hall, { stairs: [{ exterior: rect(3.5, 0, 3, 3), interiors: [] }] })).toBe('Other');
  });
  test('a room under 1 m² is a shaft', () => {
    expect(roomTypeFromGeometry({ exterior: rect(0, 0, 0.9, 1), interiors: [] }, { stairs: [] })).toBe('Shaft');
    expect(roomTypeFromGeometry({ exterior: rect(0, 0, 1, 1), interiors: [] }, { stairs: [] })).toBe('Other');
  });
});
