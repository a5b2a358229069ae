import { isolatorPositions, loopVoltages, startVoltage, type LoopVoltages } from '@edrf/fire';
import type { Fire, Route, UnitGroup } from '@edrf/model';
import { UNIT_GROUPS } from '@edrf/model';

/** A unit on a loop, in the loop's order, with its address (F§3 Sections) and its alarm current. */
export interface LoopMember {
  id: string;
  group: UnitGroup;
  /** The address in its section, null when it has none. */
  address: number | null;
  /** mA in alarm. */
  milliamperes: number;
}

/** What the side panel shows of a loop (issue 26). */
export interface LoopFigures {
  members: LoopMember[];
  /** Metres along the nodes, storey changes included. */
  length: number;
  /** mA of every member in alarm. */
  load: number;
  /** The central's maximum loop current in alarm (its product's max_loop_milliamperes); null: not checked. */
  maxLoad: number | null;
  /** route_max_units of the cabling settings and the central's product, whichever is lower. */
  maxUnits: number;
  /** What counts against maxUnits: the members, and the isolators where the central counts them. */
  countedUnits: number;
  /** Isolators along the loop: at every change of section (by the units' addresses) and every isolator_max_units units. */
  isolators: number;
  /** The central product's loop resistance (Ω) and length (m) limits; null: not checked. */
  maxResistance: number | null;
  maxLength: number | null;
  centralId: string | null;
  /** Null when it cannot be told: no cable product, no central voltage, or no members. */
  voltages: LoopVoltages | null;
}

/** Units that light or sound draw their most in alarm; the others their least (the engine's convention). */
const AT_MAX: ReadonlySet<UnitGroup> = new Set(['sirens']);

const distance3 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

function unitElectrical(fire: Fire, group: UnitGroup, id: string): { milliamperes: number; minVoltage: number } {
  const { products } = fire.config;
  const list =
    group === 'detectors'
      ? products.detectors
      : group === 'sirens'
        ? products.sirens
        : group === 'buttons'
          ? products.buttons
          : group === 'ios'
            ? products.ios
            : null;
  const unit = (fire.units[group] as Record<string, { product_id?: string; unit_type?: string }>)[id];
  const e = list?.find((p) => p.id === unit?.product_id)?.electrical;
  // A strobe light is a beacon: at its most, as sirens are.
  const atMax = AT_MAX.has(group) || unit?.unit_type === 'strobelight';
  return { milliamperes: e ? (atMax ? e.max_milliamperes : e.min_milliamperes) : 0, minVoltage: e?.min_voltage ?? 0 };
}

const groupOf = (fire: Fire, id: string): UnitGroup | null => UNIT_GROUPS.find((g) => Object.hasOwn(fire.units[g], id)) ?? null;

/**
 * A loop's figures (issue 26): its units in order (racks at its ends are where it starts and returns), its length,
 * the alarm load against its central's maximum, the units against route_max_units, and the voltages of
 * docs/fire-electrical.md for either feed (loopVoltages), the lengths from the nodes' coordinates.
 */
export function loopFigures(fire: Fire, route: Route): LoopFigures {
  const nodes = route.slices.flatMap((slice) => slice.nodes);
  const members: (LoopMember & { section: string | null })[] = [];
  const segments: { length: number; unit: { id: string; alarmCurrent: number; minVoltage: number } }[] = [];
  const addresses = new Map(
    Object.values(fire.sections).flatMap((s) => Object.entries(s.addresses).map(([id, a]) => [id, { address: a, section: s.id }])),
  );
  let length = 0;
  let since = 0;
  nodes.forEach((node, k) => {
    if (k > 0) {
      const step = distance3(nodes[k - 1]!.coord, node.coord);
      length += step;
      since += step;
    }
    const group = node.unit_id ? groupOf(fire, node.unit_id) : null;
    if (!group || group === 'racks' || group === 'labels') return;
    const e = unitElectrical(fire, group, node.unit_id);
    const address = addresses.get(node.unit_id);
    members.push({
      id: node.unit_id,
      group,
      address: address?.address ?? null,
      section: address?.section ?? null,
      milliamperes: e.milliamperes,
    });
    segments.push({ length: since, unit: { id: node.unit_id, alarmCurrent: e.milliamperes / 1000, minVoltage: e.minVoltage } });
    since = 0;
  });

  // The central of the rack the loop starts from (the main one first).
  const rackId = nodes[0]?.unit_id ?? '';
  const central = Object.values(fire.connections.centrals)
    .filter((c) => c.rack_id === rackId)
    .sort((a, b) => Number(b.main_central) - Number(a.main_central) || a.id.localeCompare(b.id))[0];
  const product = central ? fire.config.products.centrals.find((p) => p.id === central.product_id) : undefined;
  const cable = fire.config.products.cables.find((c) => c.id === route.product_id);
  const start = product ? startVoltage(product.voltage_output[0], fire.config.cabling.start_voltage_margin) : 0;
  const isolators = isolatorPositions({
    units: members.map((m) => ({ id: m.id, section: m.section })),
    maxUnitsBetween: fire.config.cabling.isolator_max_units,
    countsAsUnits: product?.isolators_count_as_units ?? false,
  });
  const voltages =
    cable && start > 0 && segments.length > 0
      ? loopVoltages({
          name: route.id,
          startVoltage: start,
          resistancePerMetre: cable.resistance / 1000,
          segments,
          returnLength: since,
          isolators: { resistance: product?.isolator_ohms ?? 0, positions: isolators.positions },
        })
      : null;
  return {
    members: members.map(({ section: _, ...m }) => m),
    length,
    load: members.reduce((sum, m) => sum + m.milliamperes, 0),
    maxLoad: product?.max_loop_milliamperes ?? null,
    maxUnits: Math.min(fire.config.cabling.route_max_units, product?.route_max_units ?? Infinity),
    countedUnits: isolators.loopUnits,
    isolators: isolators.count,
    maxResistance: product?.max_loop_ohms ?? null,
    maxLength: product?.max_loop_metres ?? null,
    centralId: central?.id ?? null,
    voltages,
  };
}
