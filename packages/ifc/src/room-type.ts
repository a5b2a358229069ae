/** A room's type from its name (Swedish, English and German keywords). */
import type { RoomType } from '@edrf/model';

const RULES: readonly (readonly [RegExp, RoomType])[] = [
  [/kitchen|kök|kok|küche|kueche/i, 'Kitchen'],
  [/shower|dusch/i, 'Shower'],
  [/bath|bad|wc|toilet/i, 'Bathroom'],
  [/stair|trapp|treppe/i, 'Stairwell'],
  [/sleep|bedroom|sov|schlafzimmer|schlaf/i, 'SleepingRoom'],
  [/server/i, 'ServerRoom'],
  [/shaft|schakt|schacht/i, 'Shaft'],
  [/workshop|verkstad|werkstatt/i, 'Workshop'],
  [/balcon|balkong|balkon/i, 'Balcony'],
];

export function roomTypeFromName(name: string): RoomType {
  for (const [pattern, type] of RULES) if (pattern.test(name)) return type;
  return 'Other';
}
