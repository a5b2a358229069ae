import type { Item } from './items.js';
import type { SheetLayout } from './sheet.js';

/** One sheet ready to draw: its paper, scale, title (the PDF's outline entry) and items in paper mm. */
export interface Sheet {
  layout: SheetLayout;
  scale: number;
  title: string;
  items: Item[];
}
