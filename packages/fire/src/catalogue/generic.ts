import type { z } from 'zod';
import { productsSchema, type Products, type Regulation } from '@edrf/model';

type ProductsInput = z.input<typeof productsSchema>;

/**
 * A generic addressable fire-alarm hardware set: a 24 V panel with loop cards, EN 54 / UL listed
 * style devices with typical electrical data from manufacturers' data sheets (quiescent and alarm
 * currents, 17-28 V operating range), fire-resisting loop cable and batteries. The values are
 * typical, not one maker's; docs/fire-rules.md names where they come from.
 */
function genericProducts(
  prefix: string,
  opts: { cable: { name: string; cross_section: number; resistance: number }[]; routeMaxUnits: number },
): ProductsInput {
  const id = (name: string) => `${prefix}-${name}`;
  return {
    centrals: panels(id, opts.routeMaxUnits),
    ...loopDevices(id),
    ...suppliesAndCables(id, opts.cable),
    central_extensions: panelExtensions(id),
  };
}

/** A product's id under the regulation's prefix. */
type Id = (name: string) => string;

/** A loop device's electrical data: the 17–28 V operating range, its quiescent and alarm currents (mA). */
const device = (minMa: number, maxMa: number) => ({ min_voltage: 17, max_voltage: 28, min_milliamperes: minMa, max_milliamperes: maxMa });

/**
 * Loop limits of a typical addressable panel (fire-next.md §2.2, §2.4): 500 mA in alarm (350–500 mA: Mircom,
 * Pertronic, Zeta), 75 Ω out and back (40–150 Ω: Faraday, Esser, Simplex), 2 km (Gent, Eaton, Simplex), isolators
 * ≈ 0.2 Ω each and not counted as units.
 */
const LOOP_LIMITS = {
  max_loop_milliamperes: 500,
  max_loop_ohms: 75,
  max_loop_metres: 2000,
  isolator_ohms: 0.2,
  isolators_count_as_units: false,
};

/** The panels, of 2 and more loops. */
function panels(id: Id, routeMaxUnits: number): ProductsInput['centrals'] {
  return [
    {
      id: id('central-2'),
      name: 'Addressable control panel, 2 loops',
      company: 'Generic',
      rack_size: [40, 20],
      route_max_units: routeMaxUnits,
      voltage_output: [24, 24],
      extension_ports: ['Route', 'Annunciator', 'Relay'],
      builtin: { num_routes: 2, num_annunciators: 1, num_relays: 2, num_sub_centrals: 0, psu: 1 },
      builtin_psu: { voltage: 24, ampere_hours: 7, life_years: 4 },
      milliamperes: 180,
      ...LOOP_LIMITS,
    },
    {
      id: id('central-8'),
      name: 'Addressable control panel, 8 loops, networkable',
      company: 'Generic',
      rack_size: [40, 30],
      route_max_units: routeMaxUnits,
      voltage_output: [24, 24],
      extension_ports: ['Route', 'Route', 'Route', 'Annunciator', 'Relay', 'InputOutput', 'CentralConnector', 'Psu'],
      builtin: { num_routes: 2, num_annunciators: 2, num_relays: 4, num_sub_centrals: 8, psu: 1 },
      builtin_psu: { voltage: 24, ampere_hours: 17, life_years: 4 },
      milliamperes: 320,
      ...LOOP_LIMITS,
    },
  ];
}

/** The devices on a loop: detectors, sounders, call points, input/output units, terminal blocks. */
function loopDevices(id: Id): Pick<ProductsInput, 'detectors' | 'sirens' | 'buttons' | 'ios' | 'plinths'> {
  return {
    detectors: [
      { id: id('smoke'), name: 'Addressable optical smoke detector', type: 'Smoke', socket: 'Standard base', electrical: device(0.3, 5) },
      {
        id: id('multi'),
        name: 'Addressable multisensor (optical/heat) detector',
        type: 'Smoke',
        socket: 'Standard base',
        electrical: device(0.35, 5),
      },
      {
        id: id('heat-a1r'),
        name: 'Addressable heat detector, rate of rise (A1R)',
        type: 'Heat',
        socket: 'Standard base',
        electrical: device(0.3, 5),
      },
      {
        id: id('heat-cs'),
        name: 'Addressable heat detector, fixed 78 °C (CS)',
        type: 'Heat',
        socket: 'Standard base',
        electrical: device(0.3, 5),
      },
    ],
    sirens: [
      {
        id: id('sounder'),
        name: 'Addressable wall sounder, 100 dB(A)',
        type: 'Sound',
        detector_socket: false,
        addressable: true,
        electrical: device(0.5, 12),
      },
      {
        id: id('sounder-base'),
        name: 'Addressable sounder base, 90 dB(A)',
        type: 'Sound',
        detector_socket: true,
        addressable: true,
        electrical: device(0.4, 8),
      },
      {
        id: id('beacon'),
        name: 'Addressable visual alarm device (beacon)',
        type: 'Light',
        detector_socket: false,
        addressable: true,
        electrical: device(0.4, 15),
      },
      {
        id: id('sounder-beacon'),
        name: 'Addressable sounder beacon, 100 dB(A)',
        type: 'Sound',
        detector_socket: false,
        addressable: true,
        electrical: device(0.6, 20),
      },
    ],
    buttons: [
      { id: id('callpoint'), name: 'Addressable manual call point, resettable', electrical: device(0.25, 3) },
      { id: id('callpoint-ip67'), name: 'Addressable manual call point, weatherproof IP67', electrical: device(0.25, 3) },
    ],
    ios: [
      { id: id('io-1-1'), name: 'Addressable input/output module, 1 in 1 out', inputs: 1, outputs: 1, electrical: device(0.4, 6) },
      { id: id('io-4-4'), name: 'Addressable input/output module, 4 in 4 out', inputs: 4, outputs: 4, electrical: device(0.6, 25) },
      { id: id('input-1'), name: 'Addressable input module, 1 input', inputs: 1, outputs: 0, electrical: device(0.3, 2) },
    ],
    plinths: [
      { id: id('plinth-1'), name: 'Terminal block, 1 connection', rack_size: [3, 12], num_connections: 1 },
      { id: id('plinth-4'), name: 'Terminal block, 4 connections', rack_size: [6, 12], num_connections: 4 },
    ],
  };
}

/** The cables (the market's loop cables and a power cable), power supplies, rack products and other units. */
function suppliesAndCables(
  id: Id,
  cable: { name: string; cross_section: number; resistance: number }[],
): Pick<ProductsInput, 'cables' | 'power_supplies' | 'other_rack_products' | 'other_units'> {
  return {
    cables: [
      ...cable.map((c, i) => ({ id: id(`cable-${i + 1}`), ...c, num: 1, type: 'Copper' as const })),
      {
        id: id('cable-power'),
        name: 'Fire-resisting power cable 3G2.5',
        cross_section: 2.5,
        resistance: 7.41,
        num: 1,
        type: 'Power' as const,
      },
    ],
    power_supplies: [
      {
        id: id('psu-5a'),
        name: 'Monitored power supply 24 V 5 A, 2 × 12 V 17 Ah',
        rack_size: [10, 10],
        properties: { voltage: 24, ampere_hours: 17, life_years: 4 },
      },
      {
        id: id('psu-10a'),
        name: 'Monitored power supply 24 V 10 A, 2 × 12 V 38 Ah',
        rack_size: [12, 14],
        properties: { voltage: 24, ampere_hours: 38, life_years: 4 },
      },
    ],
    other_rack_products: [
      {
        id: id('transmitter-ip'),
        name: 'Alarm transmitter, IP and 4G',
        description: 'Dual-path alarm transmission to the alarm receiving centre',
        rack_size: [10, 10],
        unit_type: 'AlarmTransmitter',
      },
      {
        id: id('relay-box'),
        name: 'Relay and fuse box',
        description: 'Fused outputs for door holders and dampers',
        rack_size: [10, 10],
        unit_type: 'Other',
      },
    ],
    other_units: [
      { id: id('annunciator'), name: 'Remote fire brigade panel (repeater)', unit_type: 'annunciator', electrical: device(15, 60) },
      { id: id('infopanel'), name: 'Information panel (LCD)', unit_type: 'infopanel', electrical: device(10, 40) },
      { id: id('delaypanel'), name: 'Alarm delay panel', unit_type: 'delaypanel', electrical: device(5, 20) },
      { id: id('eol'), name: 'End-of-line resistor unit', unit_type: 'endoflineresistor', electrical: device(0, 0) },
      { id: id('strobe'), name: 'Strobe light', unit_type: 'strobelight', electrical: device(0.4, 15) },
      { id: id('firedamper'), name: 'Fire damper control module', unit_type: 'firedamper', electrical: device(0.4, 6) },
      { id: id('sprinkler'), name: 'Sprinkler central interface', unit_type: 'sprinklercentral', electrical: device(0.4, 6) },
      { id: id('entryway'), name: 'Fire brigade key box and entry indicator', unit_type: 'entryway', electrical: device(2, 20) },
    ],
  };
}

/** The cards a panel takes in its extension ports. */
function panelExtensions(id: Id): ProductsInput['central_extensions'] {
  return [
    {
      id: id('ext-loop'),
      name: 'Loop card, 2 loops',
      port: 'Route',
      properties: { num_routes: 2 },
    },
    {
      id: id('ext-annunciator'),
      name: 'Annunciator (RS-485) card',
      port: 'Annunciator',
      properties: { num_annunciators: 8 },
    },
    {
      id: id('ext-relay'),
      name: 'Relay card, 8 relays',
      port: 'Relay',
      properties: { num_relays: 8 },
    },
    {
      id: id('ext-io'),
      name: 'Input/output card, 8 in 8 out',
      port: 'InputOutput',
      properties: { num_relays: 8 },
    },
    {
      id: id('ext-network'),
      name: 'Network card (panel to panel)',
      port: 'CentralConnector',
      properties: { num_sub_centrals: 16 },
    },
    {
      id: id('ext-psu'),
      name: 'Power supply extension 24 V 5 A',
      port: 'Psu',
      properties: { psu: 1 },
    },
  ];
}

/** Cable per market: Swedish FQAR-type alarm cable, UK enhanced fire-resisting 2-core, US FPLP 18 and 16 AWG pairs. */
const CABLES: Readonly<Record<Regulation, { name: string; cross_section: number; resistance: number }[]>> = {
  Sbf1108: [
    { name: 'Fire alarm cable FQAR-PG 2×2×0.8 (E30)', cross_section: 0.5, resistance: 36.0 },
    { name: 'Fire alarm cable FQAR-PG 1×2×1.5 (E30)', cross_section: 1.5, resistance: 12.1 },
  ],
  Bs5839: [
    { name: 'Enhanced fire-resisting cable 2 core 1.5 mm² (BS 8434-2)', cross_section: 1.5, resistance: 12.1 },
    { name: 'Enhanced fire-resisting cable 2 core 2.5 mm² (BS 8434-2)', cross_section: 2.5, resistance: 7.41 },
  ],
  Nfpa72: [
    { name: 'FPLP 18 AWG shielded twisted pair', cross_section: 0.82, resistance: 21.4 },
    { name: 'FPLP 16 AWG shielded twisted pair', cross_section: 1.31, resistance: 13.5 },
  ],
};

const ROUTE_MAX_UNITS: Readonly<Record<Regulation, number>> = { Sbf1108: 126, Bs5839: 126, Nfpa72: 159 };
const PREFIX: Readonly<Record<Regulation, string>> = { Sbf1108: 'sbf', Bs5839: 'bs', Nfpa72: 'nfpa' };

/** The generic product lists for a regulation, validated by the model (defaults filled in). */
export const genericHardware = (regulation: Regulation): Products =>
  productsSchema.parse(genericProducts(PREFIX[regulation], { cable: CABLES[regulation], routeMaxUnits: ROUTE_MAX_UNITS[regulation] }));
