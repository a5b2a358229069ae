import type { Regulation } from '@edrf/model';
import type { TitleBlockLabels } from '../tables/table.js';

/** The printed words of a drawing's panel, in the language of the regulation's documents (SBF 110:8: Swedish). */
export interface SheetWords {
  project: string;
  address: string;
  owner: string;
  title: string;
  number: string;
  revision: string;
  date: string;
  status: string;
  designer: string;
  scale: string;
  sheet: string;
  legend: string;
  revisions: string;
  revisionDescription: string;
  firstIssue: string;
  north: string;
  metres: string;
}

const EN: SheetWords = {
  project: 'Project',
  address: 'Address',
  owner: 'Owner',
  title: 'Drawing title',
  number: 'Drawing no.',
  revision: 'Rev.',
  date: 'Date',
  status: 'Status',
  designer: 'Responsible designer',
  scale: 'Scale',
  sheet: 'Sheet',
  legend: 'Legend',
  revisions: 'Revisions',
  revisionDescription: 'Description',
  firstIssue: 'Issued',
  north: 'N',
  metres: 'm',
};

const SV: SheetWords = {
  project: 'Projekt',
  address: 'Adress',
  owner: 'Fastighetsägare',
  title: 'Ritningens innehåll',
  number: 'Ritningsnr',
  revision: 'Rev.',
  date: 'Datum',
  status: 'Status',
  designer: 'Ansvarig projektör',
  scale: 'Skala',
  sheet: 'Format',
  legend: 'Teckenförklaring',
  revisions: 'Revideringar',
  revisionDescription: 'Beskrivning',
  firstIssue: 'Utgåva',
  north: 'N',
  metres: 'm',
};

export const sheetWords = (regulation: Regulation): SheetWords => (regulation === 'Sbf1108' ? SV : EN);

/**
 * The title block's words on a document that is not a drawing (the lists, the bills, the cards): the drawings' words
 * (one vocabulary on every document of a job), but for what names the document.
 */
export function documentTitleWords(regulation: Regulation): TitleBlockLabels {
  const w = sheetWords(regulation);
  const sv = regulation === 'Sbf1108';
  return {
    project: w.project,
    address: w.address,
    owner: w.owner,
    title: sv ? 'Dokument' : 'Document',
    number: sv ? 'Dokumentnr' : 'Document no.',
    revision: w.revision,
    date: w.date,
    status: w.status,
    designer: w.designer,
    page: sv ? (page, pages) => `Sida ${page} av ${pages}` : (page, pages) => `Page ${page} of ${pages}`,
  };
}
