import type { Item, Pt } from './items.js';
import type { SheetLayout } from './sheet.js';

/** One sheet ready to draw: its paper, scale, title (the PDF's outline entry) and items in paper mm. */
export interface Sheet {
  layout: SheetLayout;
  scale: number;
  title: string;
  items: Item[];
  /**
   * Where a plan's world lies on the sheet: the world point (m) drawn at the paper point (mm). Given, the DXF holds the
   * plan at 1:1 in metres, where a CAD user measures it, and the sheet's frame and panel round it at the scale.
   */
  modelSpace?: { paper: Pt; world: Pt };
}
