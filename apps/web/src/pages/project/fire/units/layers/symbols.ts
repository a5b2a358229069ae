import type { Point2 } from '@edrf/model';
import type { Ring, Segment } from '../../../../../editor/layers';

/**
 * The plan symbols of the fire units, in metres (so they keep their size against the building as the plan
 * zooms), as the engine's item geometry: rings (drawn, filled, picked) and lines (the letters and marks inside).
 * A symbol is built about (0, 0) upright, then turned by the unit's angle (degrees, counter-clockwise, as the
 * plan's y is up) and moved to the unit.
 */

export interface UnitSymbol {
  rings: Ring[];
  lines: Segment[];
}

/** About 0.4 m across: the size of a detector on a ceiling drawn a little larger, readable at 1:100. */
export const SYMBOL_SIZE = 0.4;
export const DETECTOR_RADIUS = SYMBOL_SIZE / 2;
/** A hidden detector's dashed ring is larger, so that paired with a visible one it rings it. */
export const HIDDEN_RADIUS = 0.28;
/** A socketed siren's triangle (circumradius): round the detector it sits on. */
export const SOCKETED_SIREN_RADIUS = 0.44;
/** Letter height inside a symbol. */
export const LETTER_HEIGHT = 0.15;

const circle = (r: number, n = 24): Point2[] =>
  Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as Point2);

const rectangle = (w: number, h: number): Point2[] => [
  [-w / 2, -h / 2],
  [w / 2, -h / 2],
  [w / 2, h / 2],
  [-w / 2, h / 2],
];

/** An equilateral triangle pointing up (+y), its corners `r` from the centre. */
const triangle = (r: number): Point2[] =>
  [90, 210, 330].map((deg) => [r * Math.cos((deg * Math.PI) / 180), r * Math.sin((deg * Math.PI) / 180)]);

const closedLines = (ring: readonly Point2[]): Segment[] => ring.map((p, i) => [p, ring[(i + 1) % ring.length]!]);

/**
 * A stroke font of the capitals the symbols use, each a few polylines in a box 1 high and 0.6 wide (x right,
 * y up), plain strokes that stay legible at a few pixels.
 */
const GLYPHS: Record<string, readonly (readonly Point2[])[]> = {
  A: [
    [
      [0, 0],
      [0, 0.7],
      [0.3, 1],
      [0.6, 0.7],
      [0.6, 0],
    ],
    [
      [0, 0.45],
      [0.6, 0.45],
    ],
  ],
  C: [
    [
      [0.6, 1],
      [0, 1],
      [0, 0],
      [0.6, 0],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 1],
      [0.4, 1],
      [0.6, 0.75],
      [0.6, 0.25],
      [0.4, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [0.6, 1],
      [0, 1],
      [0, 0],
      [0.6, 0],
    ],
    [
      [0, 0.5],
      [0.45, 0.5],
    ],
  ],
  F: [
    [
      [0.6, 1],
      [0, 1],
      [0, 0],
    ],
    [
      [0, 0.5],
      [0.45, 0.5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [0.6, 0],
      [0.6, 1],
    ],
    [
      [0, 0.5],
      [0.6, 0.5],
    ],
  ],
  I: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.1, 1],
      [0.5, 1],
    ],
    [
      [0.1, 0],
      [0.5, 0],
    ],
  ],
  L: [
    [
      [0, 1],
      [0, 0],
      [0.6, 0],
    ],
  ],
  O: [
    [
      [0, 0],
      [0, 1],
      [0.6, 1],
      [0.6, 0],
      [0, 0],
    ],
  ],
  P: [
    [
      [0, 0],
      [0, 1],
      [0.6, 1],
      [0.6, 0.5],
      [0, 0.5],
    ],
  ],
  S: [
    [
      [0.6, 0.85],
      [0.45, 1],
      [0.15, 1],
      [0, 0.85],
      [0, 0.65],
      [0.15, 0.5],
      [0.45, 0.5],
      [0.6, 0.35],
      [0.6, 0.15],
      [0.45, 0],
      [0.15, 0],
      [0, 0.15],
    ],
  ],
  W: [
    [
      [0, 1],
      [0.1, 0],
      [0.3, 0.6],
      [0.5, 0],
      [0.6, 1],
    ],
  ],
  X: [
    [
      [0, 0],
      [0.6, 1],
    ],
    [
      [0, 1],
      [0.6, 0],
    ],
  ],
  '?': [
    [
      [0, 0.8],
      [0.1, 1],
      [0.5, 1],
      [0.6, 0.8],
      [0.3, 0.5],
      [0.3, 0.3],
    ],
    [
      [0.3, 0.1],
      [0.3, 0],
    ],
  ],
};

const GLYPH_WIDTH = 0.6;
const GLYPH_GAP = 0.35;

/** `text` in the stroke font, `height` high, centred on (0, 0); letters it has no glyph for are left out. */
export function textLines(text: string, height = LETTER_HEIGHT): Segment[] {
  const letters = [...text.toUpperCase()].filter((c) => GLYPHS[c]);
  const width = letters.length * GLYPH_WIDTH + Math.max(0, letters.length - 1) * GLYPH_GAP;
  const lines: Segment[] = [];
  letters.forEach((letter, i) => {
    const x0 = -width / 2 + i * (GLYPH_WIDTH + GLYPH_GAP);
    for (const stroke of GLYPHS[letter]!)
      for (let k = 0; k + 1 < stroke.length; k++) {
        const [a, b] = [stroke[k]!, stroke[k + 1]!];
        lines.push([
          [(x0 + a[0]) * height, (a[1] - 0.5) * height],
          [(x0 + b[0]) * height, (b[1] - 0.5) * height],
        ]);
      }
  });
  return lines;
}

/** The symbol turned by `angle` degrees and moved to `at`. */
export function placeSymbol(symbol: UnitSymbol, at: readonly number[], angle = 0): UnitSymbol {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const move = ([x, y]: Point2): Point2 => [at[0]! + x * cos - y * sin, at[1]! + x * sin + y * cos];
  return {
    rings: symbol.rings.map((ring) => ring.map(move)),
    lines: symbol.lines.map(([a, b]) => [move(a), move(b)] as Segment),
  };
}

/** A detector: a circle with S (smoke) or H (heat) by its product's type, '?' without a product; hidden: a larger ring. */
export function detectorSymbol(type: 'Smoke' | 'Heat' | null, opts: { hidden?: boolean; letter?: boolean } = {}): UnitSymbol {
  const letter = type === 'Smoke' ? 'S' : type === 'Heat' ? 'H' : '?';
  return {
    rings: [circle(opts.hidden ? HIDDEN_RADIUS : DETECTOR_RADIUS)],
    lines: opts.letter === false ? [] : textLines(letter),
  };
}

/**
 * A siren: a loudspeaker whose horn opens along its angle (so that a turn shows), L in the horn for a light
 * (beacon); socketed onto a detector, a triangle round the detector it sits on.
 */
export function sirenSymbol(type: 'Sound' | 'Light' | null, socketed = false): UnitSymbol {
  if (socketed) return { rings: [triangle(SOCKETED_SIREN_RADIUS)], lines: [] };
  const lines = type === 'Light' ? textLines('L', LETTER_HEIGHT * 0.8).map((line) => shift(line, 0, 0.06)) : [];
  return { rings: [SPEAKER], lines };
}

/** The loudspeaker, pointing up (+y): a small body behind a horn, about 0.4 m long and wide. */
const SPEAKER: Point2[] = [
  [-0.07, -0.2],
  [0.07, -0.2],
  [0.07, -0.07],
  [0.2, 0.19],
  [-0.2, 0.19],
  [-0.07, -0.07],
];

const shift = ([a, b]: Segment, dx: number, dy: number): Segment => [
  [a[0] + dx, a[1] + dy],
  [b[0] + dx, b[1] + dy],
];

/** A manual call point: a square with a round button in it. */
export const buttonSymbol = (): UnitSymbol => ({ rings: [rectangle(SYMBOL_SIZE, SYMBOL_SIZE)], lines: closedLines(circle(0.09, 12)) });

/** An I/O unit: a box with IO. */
export const ioSymbol = (): UnitSymbol => ({ rings: [rectangle(0.5, 0.32)], lines: textLines('IO') });

/** The letters in the box of each other unit type. */
export const OTHER_LETTERS: Record<string, string> = {
  annunciator: 'A',
  infopanel: 'IP',
  delaypanel: 'DP',
  sprinklercentral: 'SC',
  firedamper: 'FD',
  entryway: 'EW',
  strobelight: 'SL',
  other: 'X',
};

/** An other unit: a box with its letters; an end-of-line resistor: the resistor's zigzag in a narrow box. */
export function otherSymbol(unitType: string): UnitSymbol {
  if (unitType === 'endoflineresistor') {
    const zigzag: Point2[] = [
      [-0.2, 0],
      [-0.12, 0],
      [-0.09, 0.06],
      [-0.03, -0.06],
      [0.03, 0.06],
      [0.09, -0.06],
      [0.12, 0],
      [0.2, 0],
    ];
    return { rings: [rectangle(0.44, 0.2)], lines: zigzag.slice(1).map((p, i) => [zigzag[i]!, p] as Segment) };
  }
  const letters = OTHER_LETTERS[unitType] ?? 'X';
  return { rings: [rectangle(letters.length > 1 ? 0.48 : SYMBOL_SIZE, SYMBOL_SIZE)], lines: textLines(letters) };
}

/** A label's text height on the plan (metres): the text is written by the page's painter. */
export const LABEL_TEXT_HEIGHT = 0.25;

/** A label: a frame round its text, sized by the number of characters (the text is drawn over it, upright). */
export function labelSymbol(text: string): UnitSymbol {
  const width = Math.max(0.5, [...text].length * LABEL_TEXT_HEIGHT * 0.6 + 0.2);
  return { rings: [rectangle(width, LABEL_TEXT_HEIGHT + 0.15)], lines: [] };
}
