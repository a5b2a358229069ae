// Test support: the pieces every hand-built test model of the reports is made of — a small two-storey building, a
// placed unit, a route node, a unit in a rack, and the project around the designed fire model — so that the test
// models of the lists, the bill and the plans (each its own building and figures) do not build them each again.
import { configSchema, CURRENT_SCHEMA, elecSchema, type Arch, type Fire, type Model } from '@edrf/model';
import { makeArch, rect } from '@edrf/fire/testing';

/** The project every test model prints in its title block. */
export const PROJECT = { name: 'Kv. Ugglan', address: 'Storgatan 1, Växjö', owner: 'Fastighets AB Ω' } as const;

/**
 * Two storeys 3 m apart, 'Plan 1' and 'Plan 2', each 20 × 5 m: on P1 room A (x 0–10) and room B (x 10–20), on P2 one
 * room C, 'Hall'. Rooms A and B are named as the test needs.
 */
export function twoStoreyArch(roomA: string, roomB: string): Arch {
  const arch = makeArch([
    {
      id: 'P1',
      rooms: [
        { id: 'A', name: roomA, exterior: rect(0, 0, 10, 5) },
        { id: 'B', name: roomB, exterior: rect(10, 0, 10, 5) },
      ],
    },
    { id: 'P2', rooms: [{ id: 'C', name: 'Hall', exterior: rect(0, 0, 20, 5) }] },
  ]);
  nameStoreys(arch, { P1: 'Plan 1', P2: 'Plan 2' });
  return arch;
}

/** Gives storeys their printed names. */
export function nameStoreys(arch: Arch, names: Record<string, string>): void {
  for (const [id, name] of Object.entries(names)) arch.storeys[id]!.name = name;
}

/** A unit placed on a storey at (x, y, z) with a product ('' for none), as fireSchema reads it. */
export const placed = (id: string, storey: string, x: number, y: number, z: number, product = '') => ({
  id,
  storey_id: storey,
  coord: [x, y, z],
  product_id: product,
});

/** A route node at (x, y, z), locked to a unit ('' for a free node). */
export const node = (unit_id: string, x: number, y: number, z: number) => ({ unit_id, coord: [x, y, z] });

/** A unit in a rack at its rack position, with the routes and cables it lists. */
export const inRack = (id: string, rack: string, pos: [number, number], product: string, connections: string[] = []) => ({
  id,
  rack_id: rack,
  rack_pos: pos,
  product_id: product,
  connections,
});

/** The project (PROJECT, plus any config of the test's own) around the building and its fire model. */
export function testModel(
  arch: Arch,
  fire: Fire,
  options: { config?: Record<string, unknown>; elec?: Record<string, unknown> } = {},
): Model {
  return {
    config: configSchema.parse({ ...PROJECT, ...options.config }),
    arch,
    elec: elecSchema.parse(options.elec ?? {}),
    fire,
    edrf_schema: CURRENT_SCHEMA,
  };
}
