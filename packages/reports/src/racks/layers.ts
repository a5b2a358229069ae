/** The DXF layers of the rack documents, one per kind of content, and their AutoCAD colour numbers. */
export const RACK_LAYERS = {
  rack: 'R-RACK',
  grid: 'R-GRID',
  dimensions: 'R-DIM',
  units: 'R-UNIT',
  unitTexts: 'R-UNIT-TEXT',
  table: 'R-TABLE',
  terminals: 'S-TERMINAL',
  jumpers: 'S-JUMPER',
  cores: 'S-CORE',
  texts: 'S-TEXT',
  warnings: 'S-WARNING',
  frame: 'FRAME',
  title: 'TITLE',
  legend: 'LEGEND',
} as const;

export const RACK_LAYER_COLOURS: Readonly<Record<string, number>> = {
  [RACK_LAYERS.rack]: 7,
  [RACK_LAYERS.grid]: 8,
  [RACK_LAYERS.dimensions]: 7,
  [RACK_LAYERS.units]: 7,
  [RACK_LAYERS.unitTexts]: 3,
  [RACK_LAYERS.table]: 7,
  [RACK_LAYERS.terminals]: 7,
  [RACK_LAYERS.jumpers]: 8,
  [RACK_LAYERS.cores]: 5,
  [RACK_LAYERS.texts]: 7,
  [RACK_LAYERS.warnings]: 1,
  [RACK_LAYERS.frame]: 7,
  [RACK_LAYERS.title]: 7,
  [RACK_LAYERS.legend]: 7,
};
