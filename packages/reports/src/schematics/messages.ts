import type { Regulation, SbfConfig } from '@edrf/model';

/**
 * The printed words of the system schematics (issue 36): BS 5839's riser diagram in UK terms, NFPA 72's in US terms
 * (control unit, SLC, Class A), SBF 110:8's Översiktsschema in Swedish.
 */
export interface RiserWords {
  /** Drawing-number prefix: RD-01, RD-02 … (ÖS-01 for the Översiktsschema). */
  code: string;
  /** The title block's scale: a schematic has none. */
  scale: string;
  /** A number as the documents print it (a decimal comma in Swedish). */
  num: (value: number, decimals: number) => string;
  sheetOf: (n: number, of: number) => string;
  storeys: string;
  controlEquipment: string;
  rack: (name: string) => string;
  central: (id: string, main: boolean) => string;
  powerSupply: (id: string) => string;
  transmitter: string;
  otherRackUnit: string;
  noProduct: string;
  /** A loop's name on the drawing: 'Loop 1', 'SLC 1', 'Slinga 1'. */
  loop: (name: string) => string;
  /** The circuit's class where the regulation names it (NFPA 72: Class A when the loop returns to its panel). */
  loopClass: ((returns: boolean) => string) | null;
  /** The loop's figures: metres, devices, alarm load. */
  loopFigures: (metres: string, devices: number, milliamperes: string) => string;
  isolators: (n: number) => string;
  /** Lowest voltage of both single-fault feeds, with the feed; VD from the start voltage (NFPA 72 style). */
  worstVoltage: (volts: string, feed: string) => string;
  voltageDrop: (start: string, worst: string, percent: string) => string;
  cannotWork: string;
  noVoltages: string;
  /** The zone (section) label of a row in a storey box. */
  zone: (name: string) => string;
  noZone: string;
  total: string;
  /** Battery lines of a central or power supply. */
  standby: (amperes: string, hours: string) => string;
  alarm: (amperes: string, minutes: string, derating: string | null) => string;
  required: (factor: string, ah: string) => string;
  fitted: (ah: string) => string;
  fittedTooSmall: (ah: string) => string;
  suggested: (ah: string) => string;
  noStandardBattery: string;
  fedCircuits: string;
  continued: string;
  network: (cable: string) => string;
  /** A network stub's label: the rack at the other end and its sheet's number. */
  toRack: (rack: string, sheet: number | null) => string;
  legend: {
    isolator: string;
    loopOut: string;
    loopReturn: string;
    network: string;
    fed: string;
  };
  notes: {
    schematic: string;
    counts: string;
    isolators: (max: number) => string;
    battery: string;
    classA?: (checked: boolean) => string;
    /** SBF 110:8: the alarm transmission of the SBF settings. */
    transfer?: (sbf: SbfConfig) => string;
  };
}

const dot = (value: number, decimals: number) => value.toFixed(decimals);
const comma = (value: number, decimals: number) => value.toFixed(decimals).replace('.', ',');

const UK: RiserWords = {
  code: 'RD',
  scale: 'NTS',
  num: dot,
  sheetOf: (n, of) => `sheet ${n} of ${of}`,
  storeys: 'Floor',
  controlEquipment: 'Control and indicating equipment',
  rack: (name) => name,
  central: (id, main) => `CIE ${id}${main ? ' (main)' : ''}`,
  powerSupply: (id) => `PSU ${id}`,
  transmitter: 'Alarm transmitter (ARC)',
  otherRackUnit: 'Other',
  noProduct: '(no product)',
  loop: (name) => `Loop ${name}`,
  loopClass: null,
  loopFigures: (m, n, mA) => `${m} m · ${n} devices · ${mA} mA in alarm`,
  isolators: (n) => `${n} isolator${n === 1 ? '' : 's'}`,
  worstVoltage: (v, feed) => `lowest ${v} V (fed from ${feed})`,
  voltageDrop: (start, worst, percent) => `${start} V → ${worst} V, VD ${percent} %`,
  cannotWork: 'too long: the loop cannot work',
  noVoltages: 'voltages: no cable or panel data',
  zone: (name) => `Z${name}`,
  noZone: '–',
  total: 'Σ',
  standby: (a, h) => `Standby ${a} A × ${h} h`,
  alarm: (a, min, d) => `Alarm ${a} A × ${min} min${d ? ` × D ${d}` : ''}`,
  required: (f, ah) => `× ${f} = ${ah} Ah required`,
  fitted: (ah) => `Battery ${ah} Ah fitted`,
  fittedTooSmall: (ah) => `Battery ${ah} Ah fitted: too small`,
  suggested: (ah) => `Battery: ${ah} Ah (next standard size)`,
  noStandardBattery: 'Battery: no standard size suffices',
  fedCircuits: 'Panel circuits',
  continued: '(continued)',
  network: (cable) => `Panel network: ${cable}`,
  toRack: (rack, sheet) => `to ${rack}${sheet === null ? '' : `, sheet ${sheet}`}`,
  legend: {
    isolator: 'Short-circuit isolator (count)',
    loopOut: 'Loop out',
    loopReturn: 'Loop return',
    network: 'Panel network cable',
    fed: 'Panel circuit (sounders, repeaters)',
  },
  notes: {
    schematic: 'Schematic, not to scale. Floors lowest at the bottom; each loop out (left) and back (right) of its box per floor.',
    counts: 'Boxes: devices per zone (Z) on that floor by symbol, Σ the total; isolators on that floor.',
    isolators: (max) => `Isolators at every zone boundary and at most ${max} devices apart (the cabling settings).`,
    battery: 'Standby battery per BS 5839-1 Annex E: C = 1.25 × (I₁T₁ + D·I₂T₂), D = 1.75 where I₂ > C/20.',
  },
};

const US: RiserWords = {
  ...UK,
  code: 'RD',
  storeys: 'Level',
  controlEquipment: 'Fire alarm control units',
  central: (id, main) => `FACU ${id}${main ? ' (main)' : ''}`,
  powerSupply: (id) => `Power supply ${id}`,
  transmitter: 'Supervising station transmitter',
  loop: (name) => `SLC ${name}`,
  loopClass: (returns) => (returns ? 'Class A' : 'Class B'),
  loopFigures: (m, n, mA) => `${m} m · ${n} devices · ${mA} mA alarm`,
  worstVoltage: (v, feed) => `lowest ${v} V (fed from ${feed})`,
  legend: {
    isolator: 'Fault isolator (count)',
    loopOut: 'SLC outgoing pathway',
    loopReturn: 'SLC return pathway (Class A)',
    network: 'FACU network cable',
    fed: 'Control unit circuit (NAC, annunciator)',
  },
  fedCircuits: 'Control unit circuits',
  network: (cable) => `FACU network: ${cable}`,
  notes: {
    schematic:
      'Riser diagram, not to scale. Levels lowest at the bottom; each SLC outgoing (left) and return (right) of its box per level.',
    counts: 'Boxes: devices per zone (Z) on that level by symbol, Σ the total; isolators on that level.',
    isolators: (max) => `Fault isolators at every zone boundary and at most ${max} devices apart.`,
    battery: 'Secondary supply per NFPA 72 §10.6.7: (standby A × h + alarm A × h) × safety factor.',
    classA: (checked) =>
      `Class A: outgoing and return pathways in separate raceways beyond 3 m of the control unit (NFPA 72 §12.3.8.1); ` +
      (checked
        ? 'the loop design checks it (Class A separation on in the cabling settings).'
        : 'the loop design does not check it (Class A separation off in the cabling settings).'),
  },
};

const TRANSFER: Record<SbfConfig['transfer_type'], string> = { Fixed: 'fast förbindelse', Radio: 'radio', IP: 'IP' };

const SV: RiserWords = {
  code: 'ÖS',
  scale: '–',
  num: comma,
  sheetOf: (n, of) => `blad ${n} av ${of}`,
  storeys: 'Plan',
  controlEquipment: 'Centralutrustning',
  rack: (name) => name,
  central: (id, main) => `Central ${id}${main ? ' (huvudcentral)' : ''}`,
  powerSupply: (id) => `Kraftaggregat ${id}`,
  transmitter: 'Larmsändare',
  otherRackUnit: 'Övrigt',
  noProduct: '(ingen produkt)',
  loop: (name) => `Slinga ${name}`,
  loopClass: null,
  loopFigures: (m, n, mA) => `${m} m · ${n} enheter · ${mA} mA vid larm`,
  isolators: (n) => `${n} ${n === 1 ? 'isolator' : 'isolatorer'}`,
  worstVoltage: (v, feed) => `lägst ${v} V (matning ${feed})`,
  voltageDrop: (start, worst, percent) => `${start} V → ${worst} V, spänningsfall ${percent} %`,
  cannotWork: 'för lång: slingan kan inte fungera',
  noVoltages: 'spänningar: kabel- eller centraldata saknas',
  zone: (name) => `S${name}`,
  noZone: '–',
  total: 'Σ',
  standby: (a, h) => `Vila ${a} A × ${h} h`,
  alarm: (a, min, d) => `Larm ${a} A × ${min} min${d ? ` × D ${d}` : ''}`,
  required: (f, ah) => `× ${f} = ${ah} Ah erforderligt`,
  fitted: (ah) => `Batteri ${ah} Ah`,
  fittedTooSmall: (ah) => `Batteri ${ah} Ah: för litet`,
  suggested: (ah) => `Batteri: ${ah} Ah (närmaste standardstorlek)`,
  noStandardBattery: 'Batteri: ingen standardstorlek räcker',
  fedCircuits: 'Centralens utgångar',
  continued: '(forts.)',
  network: (cable) => `Centralnät: ${cable}`,
  toRack: (rack, sheet) => `till ${rack}${sheet === null ? '' : `, blad ${sheet}`}`,
  legend: {
    isolator: 'Kortslutningsisolator (antal)',
    loopOut: 'Slinga ut',
    loopReturn: 'Slinga retur',
    network: 'Nätverkskabel mellan centraler',
    fed: 'Utgång från central (larmdon, tablåer)',
  },
  notes: {
    schematic: 'Översiktsschema, ej skalenligt. Lägsta planet nederst; varje slinga ut (vänster) och retur (höger) om sin ruta per plan.',
    counts: 'Rutor: enheter per sektion (S) på planet efter symbol, Σ summan; isolatorer på planet.',
    isolators: (max) => `Isolatorer vid varje sektionsgräns och med högst ${max} enheter emellan.`,
    battery: 'Reservkraft: (vilström × tid + larmström × tid) × faktor, tider och faktor enligt projektets inställningar.',
    transfer: (sbf) =>
      `Larmöverföring: ${TRANSFER[sbf.transfer_type]}` +
      [
        sbf.transfer_system_type && `system ${sbf.transfer_system_type}`,
        sbf.transfer_transmitter_type && `sändare ${sbf.transfer_transmitter_type}`,
        sbf.transfer_transmitter_number && `nr ${sbf.transfer_transmitter_number}`,
        sbf.transfer_receiver && `mottagare ${sbf.transfer_receiver}`,
      ]
        .filter(Boolean)
        .map((part) => `, ${part}`)
        .join('') +
      '.',
  },
};

export const riserWords = (regulation: Regulation): RiserWords => (regulation === 'Sbf1108' ? SV : regulation === 'Nfpa72' ? US : UK);
