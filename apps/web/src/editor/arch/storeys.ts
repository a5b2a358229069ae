import type { Arch, Storey } from '@edrf/model';

/** The storeys top-down (P§2 storey picker): highest number first, then highest floor, then name. */
export function storeysTopDown(arch: Arch): Storey[] {
  return Object.values(arch.storeys).sort((a, b) => b.number - a.number || b.height.min_z - a.height.min_z || a.name.localeCompare(b.name));
}

/** The storey shown when the address names none: the ground floor (number 0), else the lowest. */
export function defaultStorey(arch: Arch): string | null {
  const storeys = storeysTopDown(arch);
  return (storeys.find((s) => s.number === 0) ?? storeys[storeys.length - 1])?.id ?? null;
}
