import { polygonArea, type Polygon } from '@edrf/model';

/** One band of the price table: euros per m² for the floor area that falls in [from, to). */
export interface PriceBand {
  from: number;
  to: number;
  euros_per_sqm: number;
}

/** The fire module's price table (docs/pricing.md). */
export const FIRE_PRICE = {
  minimum: 190,
  per_room: 0.5,
  bands: [
    { from: 0, to: 1_000, euros_per_sqm: 0.3 },
    { from: 1_000, to: 10_000, euros_per_sqm: 0.12 },
    { from: 10_000, to: 100_000, euros_per_sqm: 0.05 },
    { from: 100_000, to: Infinity, euros_per_sqm: 0.02 },
  ] satisfies PriceBand[],
} as const;

export const PRICED_MODULES = ['fire'] as const;
export type PricedModule = (typeof PRICED_MODULES)[number];

/** The size of a design that is priced: the number of rooms and their floor area. */
export interface PricedSize {
  num_rooms: number;
  area_sqm: number;
}

export const roomsSize = (rooms: readonly { shape: Pick<Polygon, 'exterior' | 'interiors'> }[]): PricedSize => ({
  num_rooms: rooms.length,
  area_sqm: rooms.reduce((sum, room) => sum + Math.max(0, polygonArea(room.shape)), 0),
});

/** cost_model: the price in whole euros of a module for a design of this size. */
export function costModel(size: PricedSize, _module: PricedModule): number {
  const byArea = FIRE_PRICE.bands.reduce(
    (sum, band) => sum + Math.max(0, Math.min(size.area_sqm, band.to) - band.from) * band.euros_per_sqm,
    0,
  );
  return Math.round(Math.max(FIRE_PRICE.minimum, byArea + size.num_rooms * FIRE_PRICE.per_room));
}
