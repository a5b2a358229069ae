// The two 185,000 m² buildings of issue 23, and fractions of them, for the benches that time the engines at scale
// (fire-units-api, fire-sections, fire-cabling, design-all; bench/README.md):
// - real geometry (packages/fire/src/test-support/real-building.ts): copies of corpus storeys tiled and stacked, 56
//   copies for the whole; a fraction is that share of the copies.
// - generated (generated-building.ts): 20 storeys of rectangles; a fraction is that share of the storeys.
import type { Arch, Fire } from '@edrf/model';
import { calcFireUnits } from '@edrf/fire';
import { generatedBuilding, realBuilding, realModelsPresent, IFC_CORPUS, type Copy, placeCentrals } from '@edrf/fire/testing';

/** A quarter, a half and all of each building: the time should grow no faster than the building. */
export const SHARES: readonly (readonly [label: string, fraction: number])[] = [
  ['1/4', 0.25],
  ['1/2', 0.5],
  ['all', 1],
];
export const WHOLE_ONLY: typeof SHARES = [['all', 1]];

const GENERATED_STOREYS = 20;
/** Both buildings' area (m²). */
const TARGET_AREA = 185_000;

export interface BuildingCase {
  building: 'real geometry' | 'generated';
  share: string;
  /** Made when asked, so that a bench holds one large building at a time. */
  make: () => Promise<Building>;
}

export interface Building {
  arch: Arch;
  area: number;
  rooms: number;
  /** The real-geometry building's copies, where each lies, and one copy's room area (m²). */
  copies?: Copy[];
  copyArea?: number;
}

export interface Buildings {
  cases: BuildingCase[];
  /** Whether the corpus models of the real-geometry building are there (IFC_CORPUS). */
  real: boolean;
  corpus: string;
}

/**
 * Both buildings at the given shares, the real-geometry one first; without the corpus models, only the generated one
 * (said on stderr).
 */
export function buildingCases(shares: typeof SHARES = SHARES, corpus = IFC_CORPUS): Buildings {
  const real = realModelsPresent(corpus);
  if (!real) console.warn(`The corpus models are not at ${corpus} (set IFC_CORPUS): only the generated building is measured.`);
  const cases: BuildingCase[] = [];
  const rooms = (arch: Arch) => Object.keys(arch.rooms).length;
  if (real) {
    for (const [share, fraction] of shares)
      cases.push({
        building: 'real geometry',
        share,
        make: async () => {
          // The share of the copies that make the whole (56 of 3,298 m²): 14, 28, 56.
          const b = await realBuilding({ corpus, targetArea: TARGET_AREA * fraction });
          return { arch: b.arch, area: b.area, rooms: rooms(b.arch), copies: b.copies, copyArea: b.copyArea };
        },
      });
  }
  for (const [share, fraction] of shares)
    cases.push({
      building: 'generated',
      share,
      make: () => {
        const arch = generatedBuilding(Math.round(GENERATED_STOREYS * fraction));
        return Promise.resolve({ arch, area: TARGET_AREA * fraction, rooms: rooms(arch) });
      },
    });
  return { cases, real, corpus };
}

/**
 * The racks and centrals a designer gives the building (placeCentrals: one central per separate part of the building
 * and per 20,000 m², or more where their loops and battery need it, at the middles of its units' clusters, each fitted
 * with the Route extensions its share needs), placed from the engine's units, which are then dropped:
 * 'Design all' starts from the racks alone. bench:fire-cabling places them so on its designed model.
 */
export function withPlacedCentrals(arch: Arch, fire: Fire): Fire {
  const placed = calcFireUnits({ arch, fire });
  const designed: Fire = { ...fire, units: { ...fire.units, ...placed.units } };
  placeCentrals(arch, designed);
  return {
    ...fire,
    units: { ...fire.units, racks: designed.units.racks },
    connections: { ...fire.connections, centrals: designed.connections.centrals },
  };
}
