// The printed words of the rack documents (SBF 110:8's documents are Swedish) and the texts of a core, a terminal, a
// port and a destination, the same on the Förbindningsschema and the Plintkort. A rack unit's word and an extension
// card's are the lists' too (lists/names.ts), so that every SBF document calls a unit the same.
import type { Fire } from '@edrf/model';
import { RACK_PRODUCT_LIST } from '@edrf/model';
import { fieldUnitNames, type FieldUnitNames } from '../names/field-units.js';
import { rackNames, unitReference, type RackEquipment, type RackNames } from './rack-names.js';
import type { Carrier, Core, Landing, TerminalRef, Wire } from './terminals.js';

export const WORDS = {
  schemaTitle: 'Förbindningsschema',
  mountingTitle: 'Monteringsritning',
  cardsTitle: 'Plintkort',
  rack: (name: string) => `Skåp ${name}`,
  noCabinet: 'utan skåp (centralen monteras fritt)',
  storey: 'Plan',
  room: 'Rum',
  links: 'Förbindelser mellan skåp',
  unitColumn: 'Enhet och anslutning i skåpet',
  terminalColumn: 'Plint',
  coreColumn: 'Ledare',
  cableColumn: 'Kabel',
  destinationColumn: 'Andra änden',
  fromColumn: 'Från',
  toColumn: 'Till',
  productColumn: 'Kabeltyp',
  pairsColumn: 'Par',
  overflowHeading: 'Ledare utan plint: skåpets plintar har för få anslutningar',
  noPlinthHeading: 'Ledare utan plint: skåpet har ingen plint',
  overflowNote: (cores: number, terminals: number) =>
    `${cores} ledare ska anslutas men skåpets plintar har ${terminals} anslutningar: ${cores - terminals} ledare saknar plint. Komplettera med plint.`,
  noPlinth: (cores: number) => `Skåpet har ingen plint: ${cores} ledare saknar plint. Komplettera med plint.`,
  sparesHeading: 'Reservpar (ej anslutna)',
  spare: (cable: string, carrier: string, pair: number) => `${cable} ${carrier}: par ${pair}`,
  internalHeading: 'Förbindningar i skåpet utan plint',
  internal: (cable: string, product: string, a: string, b: string) => `${cable} (${product}): ${a} – ${b}`,
  colourNote:
    'Ledarfärger: par n har a-ledare vit (+) och b-ledare blå, gul, grön, brun, svart i tur (par 1–5, sedan om). Kontrollera mot kabelns datablad.',
  terminalsUsed: (used: number, of: number) => `${used} av ${of} anslutningar använda`,
  free: 'Ledig',
  continued: (n: number, of: number) => `blad ${n} av ${of}`,
  noConnections: 'Inga kablar ansluts i skåpet.',
  none: '–',
  open: 'ej ansluten',
  noProduct: 'ingen produkt',
  // Mounting drawing.
  frontView: 'Frontvy',
  partsTable: 'Stycklista för skåpet',
  designation: 'Beteckning',
  unit: 'Enhet',
  product: 'Produkt',
  position: 'Läge x, y (mm)',
  size: 'Bredd × höjd (mm)',
  /** A central's extension card, the same word on the Stycklista: 'Utbyggnadskort, port 7'. */
  extensionCard: 'Utbyggnadskort',
  port: (port: number) => `port ${port}`,
  extension: (port: number) => `Utbyggnadskort, port ${port}`,
  mountingNote: 'Mått i mm, 1 rackenhet = 10 mm. Läge: enhetens övre vänstra hörn från skåpets övre vänstra hörn, som på sidan Utrustning.',
  outside: 'Enheten ligger utanför skåpet',
  legendCentral: 'Central',
  legendPsu: 'Kraftaggregat',
  legendPlinth: 'Plint',
  legendTransmitter: 'Larmsändare',
  legendOther: 'Övrig utrustning',
  legendJumper: 'Intern ledning till enhet',
  legendCore: 'Kabelledare',
  legendMissing: 'Ledare utan plint',
  // Plintkort columns.
  card: (rack: string, plinth: string) => `Plintkort ${rack}${plinth}`,
  cardSheet: (rack: string, plinth: string) => `${rack}${plinth}`,
  terminal: 'Plint nr',
  cable: 'Kabel',
  pair: 'Par',
  wire: 'Ledare',
  colour: 'Färg',
  polarity: 'Pol',
  function: 'Funktion',
  destination: 'Andra änden',
  inside: 'Ansluts i skåpet till',
  cardNote: (plinth: string, product: string) => `Plint ${plinth}: ${product}.`,
  overflowCard: (rack: string) => `Ledare utan plint ${rack}`,
} as const;

const B_COLOURS = ['blå', 'gul', 'grön', 'brun', 'svart'] as const;

/** [our reading] Swedish signal cable's pair colours: the a-core white, the b-cores in the five-colour sequence. */
export const coreColour = (core: Core): string => (core.wire === 'a' ? 'vit' : B_COLOURS[(core.pair - 1) % B_COLOURS.length]!);
export const polarity = (wire: Wire): string => (wire === 'a' ? '+' : '-');
/** '1a vit +' */
export const coreText = (core: Core): string => `${core.pair}${core.wire} ${coreColour(core)} ${polarity(core.wire)}`;

/** What the equipment page calls a rack unit: 'Huvudcentral', 'Plint', 'Larmsändare' … (every SBF document says so). */
export function rackUnitKind(e: RackEquipment): string {
  switch (e.group) {
    case 'centrals':
      return e.unit.main_central ? 'Huvudcentral' : 'Central';
    case 'plinths':
      return 'Plint';
    case 'power_supplies':
      return 'Kraftaggregat';
    case 'others':
      return e.unit.unit_type === 'AlarmTransmitter' ? 'Larmsändare' : 'Övrig utrustning';
  }
}

/** The words and names of one model's rack documents: rack names, unit designations and the texts built from them. */
export class RackText {
  private readonly names: RackNames;
  private readonly field: FieldUnitNames;

  constructor(readonly fire: Fire) {
    this.names = rackNames(fire);
    this.field = fieldUnitNames(fire);
  }

  rack(rackId: string): string {
    return this.names.rack(rackId);
  }

  /** The rack's units, top to bottom, then left to right. */
  equipmentOf(rackId: string): RackEquipment[] {
    return this.names.equipmentOf(rackId);
  }

  /** '-K1' */
  designation(unitId: string): string {
    return this.names.designation(unitId);
  }

  /** '+D1-K1': the rack's name and a unit's designation (rack-names.ts's unitReference). */
  full(rackId: string, code: string): string {
    return unitReference(this.rack(rackId), code);
  }

  /** '+D2-X1:3' */
  terminal(rackId: string, ref: TerminalRef): string {
    return `${this.full(rackId, this.designation(ref.plinthId))}:${ref.number}`;
  }

  /** What the equipment page calls the unit: 'Huvudcentral', 'Plint', 'Larmsändare' … */
  kind(unitId: string): string {
    const e = this.names.equipment(unitId);
    return e ? rackUnitKind(e) : unitId;
  }

  /** The unit's product name ('ingen produkt' without one). */
  productOf(unitId: string): string {
    const e = this.names.equipment(unitId);
    if (!e) return WORDS.noProduct;
    const product = (this.fire.config.products[RACK_PRODUCT_LIST[e.group]] as readonly { id: string; name: string }[]).find(
      (x) => x.id === e.unit.product_id,
    );
    return product ? product.name || product.id : WORDS.noProduct;
  }

  cableProduct(productId: string): string {
    const product = this.fire.config.products.cables.find((c) => c.id === productId);
    return product ? product.name || product.id : WORDS.noProduct;
  }

  /** The printed name of a cable or route: a cable's label, else its id. */
  cable(id: string): string {
    return this.fire.connections.cables[id]?.label || id;
  }

  /** What the cable end is for: 'Slinga 1 ut', 'Slinga 1 retur', 'Till +D2', 'Direkt till enhet', 'Intern'. */
  carrier(carrier: Carrier, landing?: Landing): string {
    switch (carrier.kind) {
      case 'loop':
        return `Slinga ${carrier.loop} ${carrier.end === 'A' ? 'ut' : 'retur'}`;
      case 'link':
        return landing?.far.kind === 'terminal' ? `Förbindning till ${this.rack(landing.far.rackId)}` : 'Förbindning mellan skåp';
      case 'direct':
        return 'Direktledning';
      case 'internal':
        return 'Intern förbindning';
    }
  }

  /** The port of the unit a terminal is wired on to: '-K1 Slinga 1 A+', '-K1 Nät par 1 +'; '–' when none. */
  port(landing: Landing): string {
    if (!landing.inside) return WORDS.none;
    const port = this.portName(landing);
    return port ? `${this.designation(landing.inside)} ${port}` : this.designation(landing.inside);
  }

  /** The port alone: 'Slinga 1 A+', 'Nät par 1 +'; '' for a unit without ports of its own (an internal cable's). */
  portName(landing: Landing): string {
    const pol = polarity(landing.core.wire);
    switch (landing.carrier.kind) {
      case 'loop':
        return `Slinga ${landing.carrier.loop} ${landing.carrier.end}${pol}`;
      case 'link':
        return `Nät par ${landing.core.pair} ${pol}`;
      case 'direct':
        return `Utgång par ${landing.core.pair} ${pol}`;
      case 'internal':
        return '';
    }
  }

  /** A unit of the building as every SBF document names it ('Larmknapp 1.6'); a rack unit: '+D1-K1 Huvudcentral'. */
  unit(unitId: string): string {
    if (this.names.equipment(unitId)) return `${this.names.reference(unitId)} ${this.kind(unitId)}`;
    if (this.fire.units.racks[unitId]) return WORDS.rack(this.rack(unitId));
    return this.field.name(unitId) || unitId;
  }

  /** The other end of the core: 'första enhet Larmknapp 1.1', '+D2-X1:3', 'ej ansluten'. */
  far(landing: Landing): string {
    const far = landing.far;
    switch (far.kind) {
      case 'open':
        return WORDS.open;
      case 'unit': {
        const prefix = landing.carrier.kind === 'loop' ? (landing.carrier.end === 'A' ? 'första enhet ' : 'sista enhet ') : '';
        return `${prefix}${this.unit(far.unitId)}`;
      }
      case 'terminal':
        return far.terminal ? this.terminal(far.rackId, far.terminal) : `${this.rack(far.rackId)} (saknar plint)`;
    }
  }
}
