import type { ProductList } from '@edrf/model';

/**
 * The eleven product lists of the hardware page, in the order and with the labels of F§2, and how one
 * product of each is named: `noun` in 'New central', `idPrefix` in the id of a product added here.
 */
export const HARDWARE_LISTS = [
  { list: 'centrals', label: 'Centrals', noun: 'central', idPrefix: 'central' },
  { list: 'detectors', label: 'Detectors', noun: 'detector', idPrefix: 'detector' },
  { list: 'sirens', label: 'Sirens', noun: 'siren', idPrefix: 'siren' },
  { list: 'buttons', label: 'Buttons', noun: 'button', idPrefix: 'button' },
  { list: 'ios', label: 'I/O', noun: 'I/O unit', idPrefix: 'io' },
  { list: 'other_units', label: 'Other units', noun: 'other unit', idPrefix: 'other-unit' },
  { list: 'cables', label: 'Cables', noun: 'cable', idPrefix: 'cable' },
  { list: 'plinths', label: 'Plinths', noun: 'plinth', idPrefix: 'plinth' },
  { list: 'power_supplies', label: 'Power supplies', noun: 'power supply', idPrefix: 'psu' },
  { list: 'other_rack_products', label: 'Other equipment', noun: 'equipment', idPrefix: 'equipment' },
  { list: 'central_extensions', label: 'Central extensions', noun: 'central extension', idPrefix: 'extension' },
] as const satisfies readonly { list: ProductList; label: string; noun: string; idPrefix: string }[];

export type HardwareListInfo = (typeof HARDWARE_LISTS)[number];

export const listInfo = (list: ProductList): HardwareListInfo => HARDWARE_LISTS.find((info) => info.list === list)!;

/** 'New central', 'New I/O unit', … */
export const newProductName = (list: ProductList): string => `New ${listInfo(list).noun}`;
