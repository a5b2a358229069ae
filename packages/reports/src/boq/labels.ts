import type { Regulation } from '@edrf/model';
import { documentTitleWords } from '../drawing/messages.js';
import type { TitleBlockLabels } from '../tables/table.js';
import type { ProductGroup } from './quantities.js';
import { CABLE_ALLOWANCE_PER_UNIT, CABLE_ALLOWANCE_SHARE } from './quantities.js';

/** The bill's texts in the regulation's language: Swedish for SBF 110:8, English for BS 5839 and NFPA 72. */
export interface BoqLabels {
  locale: string;
  title: string;
  titleBlock: TitleBlockLabels;
  noProduct: string;
  rack: string;
  groups: Record<ProductGroup, string>;
  products: { title: string; category: string; product: string; total: string; sum: string };
  cables: {
    title: string;
    product: string;
    type: string;
    pairs: string;
    routes: string;
    measured: string;
    units: string;
    allowance: string;
    total: string;
    note: string;
  };
  racks: { title: string; rack: string; storey: string; room: string; product: string; count: string; empty: string };
  seals: { title: string; storey: string; rating: string; count: string; noRating: string; note: string; none: string };
}

const percent = Math.round(CABLE_ALLOWANCE_SHARE * 100);

const SWEDISH: BoqLabels = {
  locale: 'sv-SE',
  title: 'Mängdförteckning brandlarm',
  titleBlock: documentTitleWords('Sbf1108'),
  noProduct: '(ingen produkt)',
  rack: 'Apparatskåp',
  groups: {
    detectors: 'Detektorer',
    sirens: 'Larmdon',
    buttons: 'Larmknappar',
    ios: 'In-/utgångsenheter',
    others: 'Övriga enheter',
    racks: 'Apparatskåp',
    centrals: 'Centralapparater',
    central_extensions: 'Centralutbyggnader',
    plinths: 'Plintar',
    power_supplies: 'Kraftaggregat',
    other_rack_products: 'Övrig utrustning',
  },
  products: { title: 'Artiklar', category: 'Kategori', product: 'Artikel', total: 'Antal totalt', sum: 'Summa' },
  cables: {
    title: 'Kabel',
    product: 'Artikel',
    type: 'Typ',
    pairs: 'Par',
    routes: 'Sträckor',
    measured: 'Uppmätt (m)',
    units: 'Enheter',
    allowance: 'Tillägg (m)',
    total: 'Att beställa (m)',
    note: `Uppmätt längd längs kabelvägens noder i 3D, med stigarna mellan våningsplanen. Tillägg för nedstick och anslutningar: ${percent} % av längden plus ${CABLE_ALLOWANCE_PER_UNIT} m per ansluten enhet; summan avrundas uppåt till hela meter.`,
  },
  racks: {
    title: 'Apparatskåp och innehåll',
    rack: 'Apparatskåp',
    storey: 'Plan',
    room: 'Rum',
    product: 'Artikel',
    count: 'Antal',
    empty: '(tomt)',
  },
  seals: {
    title: 'Brandtätningar',
    storey: 'Plan',
    rating: 'Väggens brandklass',
    count: 'Antal genomföringar',
    noRating: '(ej angiven)',
    note: 'En brandtätning per ställe där en kabelväg går genom en vägg utanför dörrar och öppningar.',
    none: 'Inga genomföringar',
  },
};

const ENGLISH: BoqLabels = {
  locale: 'en-GB',
  title: 'Fire alarm bill of quantities',
  titleBlock: documentTitleWords('Bs5839'),
  noProduct: '(no product)',
  rack: 'Rack',
  groups: {
    detectors: 'Detectors',
    sirens: 'Sounders',
    buttons: 'Manual call points',
    ios: 'Input/output units',
    others: 'Other units',
    racks: 'Racks',
    centrals: 'Control panels',
    central_extensions: 'Panel extensions',
    plinths: 'Terminal blocks',
    power_supplies: 'Power supplies',
    other_rack_products: 'Other rack equipment',
  },
  products: { title: 'Products', category: 'Category', product: 'Product', total: 'Total', sum: 'Sum' },
  cables: {
    title: 'Cable',
    product: 'Product',
    type: 'Type',
    pairs: 'Pairs',
    routes: 'Routes',
    measured: 'Measured (m)',
    units: 'Units',
    allowance: 'Allowance (m)',
    total: 'To order (m)',
    note: `Measured along each route's nodes in 3D, the risers between storeys included. Allowance for drops and terminations: ${percent} % of the length plus ${CABLE_ALLOWANCE_PER_UNIT} m per connected unit; the sum is rounded up to whole metres.`,
  },
  racks: {
    title: 'Racks and contents',
    rack: 'Rack',
    storey: 'Storey',
    room: 'Room',
    product: 'Product',
    count: 'Count',
    empty: '(empty)',
  },
  seals: {
    title: 'Fire-stopping seals',
    storey: 'Storey',
    rating: 'Wall fire rating',
    count: 'Penetrations',
    noRating: '(not given)',
    note: 'One seal where a cable route passes through a wall away from doors and openings.',
    none: 'No penetrations',
  },
};

/** NFPA 72 is American: the same English texts, US terms where they differ. */
const AMERICAN: BoqLabels = {
  ...ENGLISH,
  locale: 'en-US',
  title: 'Fire alarm bill of materials',
  groups: {
    ...ENGLISH.groups,
    sirens: 'Notification appliances',
    buttons: 'Manual pull stations',
    centrals: 'Fire alarm control units',
    power_supplies: 'Power supplies (NAC / auxiliary)',
  },
  seals: { ...ENGLISH.seals, title: 'Firestop penetrations' },
};

export const BOQ_LABELS: Record<Regulation, BoqLabels> = { Sbf1108: SWEDISH, Bs5839: ENGLISH, Nfpa72: AMERICAN };
