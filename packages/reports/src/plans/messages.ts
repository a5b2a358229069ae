import type { Regulation } from '@edrf/model';

/** The printed words of the plan drawings: Swedish for SBF 110:8's documents, English for BS 5839 and NFPA 72. */
export interface PlanWords {
  zoneBoundary: string;
  coverage: string;
  cableRoute: string;
  tray: string;
  way: string;
  section: (name: string) => string;
  zone: (name: string) => string;
  storey: (name: string) => string;
  tile: (n: number, of: number) => string;
  entrance: string;
  central: string;
  youAreHere: string;
  elsewhere: (storey: string) => string;
  ceiling: (metres: number) => string;
  height: (metres: number) => string;
}

const EN: PlanWords = {
  zoneBoundary: 'Zone boundary',
  coverage: 'Detector coverage (radius)',
  cableRoute: 'Cable route',
  tray: 'Cable tray',
  way: 'Way to the control equipment',
  section: (name) => `Section ${name}`,
  zone: (name) => `Zone ${name}`,
  storey: (name) => name,
  tile: (n, of) => `sheet ${n} of ${of}`,
  entrance: 'Entrance',
  central: 'Control equipment',
  youAreHere: 'You are here',
  elsewhere: (storey) => `Entrance and control equipment: ${storey}`,
  ceiling: (m) => `CLG ${m.toFixed(2)} m`,
  height: (m) => `h ${m.toFixed(2)} m`,
};

const SV: PlanWords = {
  zoneBoundary: 'Sektionsgräns',
  coverage: 'Detektorns täckning (radie)',
  cableRoute: 'Kabelväg med kabelbeteckning',
  tray: 'Kabelstege',
  way: 'Väg till centralutrustning',
  section: (name) => `Sektion ${name}`,
  zone: (name) => `Sektion ${name}`,
  storey: (name) => name,
  tile: (n, of) => `blad ${n} av ${of}`,
  entrance: 'Entré',
  central: 'Centralutrustning',
  youAreHere: 'Du står här',
  elsewhere: (storey) => `Entré och centralutrustning: ${storey}`,
  ceiling: (m) => `Takhöjd ${m.toFixed(2)} m`,
  height: (m) => `h=${m.toFixed(2)}`,
};

export const planWords = (regulation: Regulation): PlanWords => (regulation === 'Sbf1108' ? SV : EN);
