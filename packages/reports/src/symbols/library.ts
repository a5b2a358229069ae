import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Regulation } from '@edrf/model';

/**
 * The symbol library of each regulation, kept as data (one JSON file per set): a symbol is a few shapes in a box from
 * -1 to 1, drawn `size_mm` wide on paper. A set is swapped or corrected without code (fire-next.md §4.2).
 */

export type SymbolShape =
  | { circle: [number, number, number]; fill?: string | null }
  | { poly: [number, number][]; closed?: boolean; fill?: string | null }
  | { text: string; at: [number, number]; size: number; bold?: boolean };

/** The symbols every set must have: one per kind of unit the plans draw (unitSymbol). */
export const SYMBOL_KEYS = [
  'smoke',
  'heat',
  'flame',
  'detector',
  'call_point',
  'sounder',
  'beacon',
  'sounder_beacon',
  'strobe',
  'io',
  'panel',
  'equipment',
  'annunciator',
  'infopanel',
  'delaypanel',
  'sprinklercentral',
  'firedamper',
  'entryway',
  'endofline',
  'other',
] as const;
export type SymbolKey = (typeof SYMBOL_KEYS)[number];

export interface SymbolDef {
  /** The legend's text. */
  name: string;
  shapes: SymbolShape[];
}

export interface SymbolSet {
  set: string;
  note?: string;
  /** The width of the -1..1 box on paper (mm). */
  size_mm: number;
  symbols: Record<SymbolKey, SymbolDef>;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown) => Array.isArray(v) && v.length === 2 && v.every(isNum);

/** Whether a shape of a set's file is one of the three kinds, well formed. */
function validShape(shape: SymbolShape): boolean {
  const s = shape as unknown as Record<string, unknown>;
  if ('circle' in s) return Array.isArray(s.circle) && s.circle.length === 3 && s.circle.every(isNum);
  if ('poly' in s) return Array.isArray(s.poly) && s.poly.length >= 2 && s.poly.every(isPoint);
  if ('text' in s) return typeof s.text === 'string' && isPoint(s.at) && isNum(s.size);
  return false;
}

/** A set's file checked: every key present, every shape well formed; the reason otherwise. */
export function checkSymbolSet(raw: unknown, file: string): SymbolSet {
  const set = raw as SymbolSet;
  if (!set || !isNum(set.size_mm) || typeof set.symbols !== 'object') throw new Error(`Symbol set ${file} is malformed`);
  for (const key of SYMBOL_KEYS) {
    const symbol = set.symbols[key] as SymbolDef | undefined;
    if (!symbol || typeof symbol.name !== 'string' || !Array.isArray(symbol.shapes) || symbol.shapes.length === 0)
      throw new Error(`Symbol set ${file} lacks ${key}`);
    for (const shape of symbol.shapes) if (!validShape(shape)) throw new Error(`Symbol ${key} of ${file} has a malformed shape`);
  }
  return set;
}

const FILES: Record<Regulation, string> = { Sbf1108: 'sbf1108.json', Bs5839: 'bs5839.json', Nfpa72: 'nfpa72.json' };

const loaded = new Map<Regulation, SymbolSet>();

/** The regulation's symbol set, read and checked once per process. */
export function symbolSet(regulation: Regulation): SymbolSet {
  let set = loaded.get(regulation);
  if (!set) {
    const text = readFileSync(fileURLToPath(new URL(`./${FILES[regulation]}`, import.meta.url)), 'utf8');
    set = checkSymbolSet(JSON.parse(text), FILES[regulation]);
    loaded.set(regulation, set);
  }
  return set;
}
