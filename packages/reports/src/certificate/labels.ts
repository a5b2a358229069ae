// The Anläggarintyg's Swedish words: section titles, field labels and the options of its checkboxes. SBF 1038 itself
// is not public (fire-next.md §3.1); the words are the regulation's terms where known, else ours (docs/reports.md).
import type { SbfClass, SbfEvacType, SbfNotificationType, SbfTransferType } from '@edrf/model';
import type { SymbolKey } from '../symbols/library.js';

export const CERTIFICATE_WORDS = {
  title: 'Anläggarintyg brandlarm',
  subtitle: 'Enligt Regler för brandlarm SBF 110:8',
  /** The document number in the header (AI: anläggarintyg), as the plans' OR, SR, IR. */
  number: 'AI-01',
  header: {
    project: 'Objekt',
    number: 'Dokumentnr',
    date: 'Datum',
    revision: 'Revision',
    status: 'Status',
    designer: 'Upprättad av',
  },
  page: (page: number, pages: number) => `Sida ${page} av ${pages}`,
  continued: '(forts.)',
  yes: 'Ja',
  no: 'Nej',
  minutes: 'min',

  installation: {
    title: 'Anläggning',
    kind: 'Anläggningen avser',
    newInstallation: 'Ny anläggning',
    change: 'Ändring eller utökning av befintlig anläggning',
    replaces: 'Ersätter anläggarintyg daterat',
    name: 'Objektets namn',
    address: 'Objektets adress',
    owner: 'Fastighetsägare',
    ownerAddress: 'Fastighetsägarens adress',
    tenant: 'Nyttjare / verksamhet',
    governmental: 'Myndighetskrav',
  },
  installer: {
    title: 'Anläggarfirma',
    company: 'Anläggarfirma',
    certId: 'Certifikatnummer (anläggarfirma)',
    address: 'Anläggarfirmans adress',
    engineer: 'Certifierad anläggare',
    subcontractor: 'Underentreprenör',
    maintenance: 'Serviceföretag',
  },
  scope: {
    title: 'Omfattning och larmklass',
    cls: 'Larmklass',
    clsDescr: 'Beskrivning av omfattning och larmklass',
    counts: 'Anläggningens utrustning enligt projekteringen (antal)',
    sections: 'Sektioner',
    addresses: 'Adresserade enheter',
    centrals: 'Centralapparater',
    loops: 'Slingor',
    racks: 'Apparatskåp',
    storeys: 'Våningsplan med utrustning',
  },
  activation: {
    title: 'Aktivering',
    byAll: 'Larm aktiveras av samtliga detektorer och larmknappar',
    descr: 'Beskrivning av aktivering',
  },
  organisation: {
    title: 'Larmorganisation och larmöverföring',
    type: 'Larmorganisation',
    area: 'Larmets område',
    scope: 'Larmets omfattning',
    transfer: 'Larmöverföring',
    systemType: 'Systemtyp',
    transmitterType: 'Larmsändare, typ',
    transmitterNumber: 'Larmsändare, nummer',
    receiver: 'Larmmottagare',
  },
  delay: {
    title: 'Fördröjning (larmlagring)',
    delay: 'Fördröjning av larmöverföring',
    time: 'Fördröjningstid',
    receipt: 'Kvitteringstid',
    investigation: 'Undersökningstid',
    descr: 'Beskrivning av fördröjning',
  },
  evacuation: {
    title: 'Utrymningslarm',
    coverage: 'Utrymningslarmets täckning',
    coverageDescr: 'Beskrivning av täckning',
    selection: 'Utrymningslarmets aktivering (selektering)',
    selectionDescr: 'Beskrivning av selektering',
    spoken: 'Talat meddelande',
  },
  control: {
    title: 'Styrfunktioner',
    functions: 'Styrfunktioner',
    area: 'Område',
    scope: 'Omfattning',
    ios: 'In-/utgångsenheter',
    inputs: 'Ingångar i bruk',
    outputs: 'Utgångar i bruk',
    outputList: 'Utgångar enligt projekteringen (beskrivning, antal)',
    inputList: 'Ingångar enligt projekteringen (beskrivning, antal)',
  },
  managers: {
    title: 'Anläggningsskötare',
    name: (n: number) => `Anläggningsskötare ${n}, namn`,
    phone: 'Telefon',
    address: 'Adress',
  },
  amendments: { title: 'Avvikelser och tillägg', text: 'Avvikelser från SBF 110:8 och tillägg' },
  other: { title: 'Övrigt', text: 'Övriga upplysningar' },
  signature: {
    title: 'Underskrift av certifierad anläggare',
    statement:
      'Undertecknad certifierad anläggare intygar att brandlarmanläggningen är utförd och provad enligt Regler för brandlarm SBF 110:8, med de avvikelser och tillägg som anges i avsnitt 10.',
    place: 'Ort och datum',
    sign: 'Namnteckning',
    print: 'Namnförtydligande',
  },
} as const;

export const CLASS_OPTIONS: readonly SbfClass[] = ['A', 'B', 'C', 'D', 'E'];

export const NOTIFICATION_LABELS: Readonly<Record<SbfNotificationType, string>> = {
  Internal: 'Internlarm',
  Attention: 'Uppmärksamhetslarm',
  Evacuation: 'Utrymningslarm',
};

export const TRANSFER_LABELS: Readonly<Record<SbfTransferType, string>> = {
  Fixed: 'Fast förbindelse',
  Radio: 'Radio',
  IP: 'IP',
};

export const EVAC_LABELS: Readonly<Record<SbfEvacType, string>> = {
  EntireBuilding: 'Hela byggnaden',
  Partial: 'Delar av byggnaden',
  NotInstalled: 'Ej installerat',
};

/** The kinds of unit the certificate counts, in its order: the plans' symbol keys, named by the SBF symbol set. */
export const COUNTED_KINDS: readonly SymbolKey[] = [
  'smoke',
  'heat',
  'detector',
  'call_point',
  'sounder',
  'beacon',
  'io',
  'annunciator',
  'infopanel',
  'delaypanel',
  'sprinklercentral',
  'firedamper',
  'entryway',
  'endofline',
  'strobe',
  'other',
];
