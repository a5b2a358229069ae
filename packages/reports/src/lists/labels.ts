// The three SBF 110:8 lists' texts, in Swedish: Fördelningslista, Kabellista, Stycklista (docs/reports.md).
import type { RouteKind } from '@edrf/model';
import { BOQ_LABELS } from '../boq/labels.js';
import { WORDS } from '../racks/words.js';
import type { TitleBlockLabels } from '../tables/table.js';

const BOQ = BOQ_LABELS.Sbf1108;

export const LIST_LABELS = {
  locale: 'sv-SE',
  titleBlock: BOQ.titleBlock satisfies TitleBlockLabels,
  noProduct: BOQ.noProduct,
  port: WORDS.port,
  rack: 'Apparatskåp',
  equipment: 'Utrustning (ej skåp)',
  /** An end of a route or cable on nothing. */
  freeEnd: '(fri ände)',
  notConnected: '(ej ansluten)',
  sum: 'Summa',

  distribution: {
    title: 'Fördelningslista brandlarm',
    loops: {
      title: 'Slingor',
      central: 'Central',
      rack: 'Skåp',
      loop: 'Slinga',
      cable: 'Kabel',
      units: 'Enheter',
      sections: 'Sektioner',
      length: 'Längd (m)',
      load: 'Ström i larm (mA)',
      noCentral: '(ingen central)',
      note:
        'En rad per slinga. Enheter: de adresserbara enheter kabelvägen går till. Längd längs kabelvägens noder i 3D med ' +
        'returen till skåpet; ström i larm summerad enligt produkternas data (en enhet utan elektriska data räknas som 0 mA).',
    },
    units: {
      loop: 'Slinga',
      order: 'Nr',
      section: 'Sektion',
      address: 'Adress',
      type: 'Enhetstyp',
      product: 'Artikel',
      room: 'Rum',
      storey: 'Plan',
      empty: '(inga enheter)',
      note: 'Enheterna i kabelordning från slingans första nod vid skåpet (A-änden). Adress: enhetens adress i sektionen.',
    },
    unlooped: {
      title: 'Enheter utan slinga',
      note: 'Enheter med adress som ingen slinga går till.',
    },
  },

  cables: {
    title: 'Kabellista brandlarm',
    table: {
      title: 'Kablar',
      id: 'Kabel',
      product: 'Artikel',
      pairs: 'Par',
      from: 'Från',
      to: 'Till',
      storeys: 'Plan',
      length: 'Längd (m)',
      kind: 'Typ',
      allProducts: 'Alla artiklar',
      back: (end: string) => `${end} (retur)`,
      note:
        'Kabelvägar: längd uppmätt längs nodernas 3D-läge med stigarna mellan planen, som mängdförteckningen mäter, ' +
        'utan dess tillägg för nedstick och anslutningar. Kablar inom ett skåp har ingen längd i modellen.',
    },
    kinds: { Loop: 'Slinga', RackToRack: 'Skåp–skåp', Direct: 'Direktledning' } satisfies Record<RouteKind, string>,
    inRack: 'Inom skåp',
  },

  parts: {
    title: 'Stycklista brandlarm',
    racks: {
      title: 'Apparatskåp',
      rack: 'Skåp',
      kind: 'Typ',
      storey: 'Plan',
      room: 'Rum',
      parts: 'Delar',
    },
    perRack: {
      title: 'Delar per skåp',
      rack: 'Skåp',
      pos: 'Pos',
      designation: 'Beteckning',
      category: 'Kategori',
      product: 'Artikel',
      count: 'Antal',
      remark: 'Anmärkning',
      /** A part's kind where the rack documents have no word for it (a rack unit: rack documents' rackUnitKind). */
      kinds: { rack: 'Apparatskåp', extension: WORDS.extensionCard },
      connections: (n: number) => `${n} ${n === 1 ? 'anslutning' : 'anslutningar'}`,
      empty: '(tomt)',
      note:
        'Delarna i skåpets ordning uppifrån och ned, som utrustningssidan visar dem. Beteckning som i Förbindningsschema, ' +
        'Monteringsritning och Plintkort. Ett utbyggnadskort följer sin central och bär dess beteckning.',
    },
    job: {
      title: 'Hela anläggningen',
      pos: 'Pos',
      category: 'Kategori',
      product: 'Artikel',
      count: 'Antal',
      unit: 'Enhet',
      pieces: 'st',
      metres: 'm',
      cable: 'Kabel',
      sumPieces: 'Summa (st)',
      note:
        'Samma antal som mängdförteckningen. Kabel i meter att beställa: uppmätt längd med mängdförteckningens tillägg, ' +
        'avrundat uppåt till hela meter.',
    },
  },
  groups: BOQ.groups,
} as const;

export type ListLabels = typeof LIST_LABELS;
