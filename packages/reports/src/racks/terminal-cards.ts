// The Plintkort as tables: an index of the plinths, then one card per plinth (every terminal, used or free: cable,
// pair, core, colour, polarity, what it is for, the other end, the unit it is wired on to), each on a page of its own;
// a rack's cores without a terminal on a card of their own.
import type { Row, Table, TableDocument, TitleBlock, TitleBlockLabels } from '../tables/table.js';
import { BOQ_LABELS } from '../boq/labels.js';
import type { Landing, Wiring } from './terminals.js';
import { coreColour, polarity, WORDS, type RackText } from './words.js';

/** The lists' Swedish title block, as the bill of quantities prints it. */
export const CARD_LABELS: TitleBlockLabels = BOQ_LABELS.Sbf1108.titleBlock;

const COLUMNS = [
  { title: WORDS.terminal, width: 0.9, decimals: 0 },
  { title: WORDS.cable, width: 1.5 },
  { title: WORDS.productColumn, width: 3.9 },
  { title: WORDS.pair, width: 0.5, decimals: 0 },
  { title: WORDS.wire, width: 0.8 },
  { title: WORDS.colour, width: 0.8 },
  { title: WORDS.polarity, width: 0.5 },
  { title: WORDS.function, width: 2.2 },
  { title: WORDS.destination, width: 3.4 },
  { title: WORDS.inside, width: 2.2 },
];

function landingRow(names: RackText, l: Landing): Row {
  return {
    cells: [
      l.terminal ? l.terminal.number : WORDS.none,
      names.cable(l.cableId),
      names.cableProduct(l.productId),
      l.core.pair,
      l.core.wire,
      coreColour(l.core),
      polarity(l.core.wire),
      names.carrier(l.carrier, l),
      names.far(l),
      names.port(l),
    ],
  };
}

/** The cards of every plinth of the model, after an index of them. */
export function cardsDocument(wiring: Wiring, names: RackText, titleBlock: TitleBlock): TableDocument {
  const index: Row[] = [];
  const cards: Table[] = [];
  for (const rack of wiring.racks) {
    const rackName = names.rack(rack.rackId);
    const cores = rack.landings.length;
    const terminals = rack.plinths.reduce((s, p) => s + p.capacity, 0);
    const overflow =
      rack.overflow.length === 0 ? '' : rack.plinths.length === 0 ? WORDS.noPlinth(cores) : WORDS.overflowNote(cores, terminals);
    for (const plinth of rack.plinths) {
      const code = names.designation(plinth.plinthId);
      const product = names.productOf(plinth.plinthId);
      const used = plinth.terminals.filter((t) => t !== undefined).length;
      index.push({ cells: [rackName, code, plinth.plinthId, product, plinth.capacity, used, plinth.capacity - used] });
      const rows: Row[] = plinth.terminals.map((l, i) =>
        l ? landingRow(names, l) : { cells: [i + 1, WORDS.free, '', '', '', '', '', '', '', ''] },
      );
      const notes = [
        `${WORDS.cardNote(names.full(rack.rackId, code), `${product} (${plinth.plinthId})`)} ${WORDS.terminalsUsed(used, plinth.capacity)}.`,
      ];
      if (overflow) notes.push(`OBS: ${overflow}`);
      const onPlinth = new Set(plinth.terminals.flatMap((l) => (l ? [l.cableId] : [])));
      const spares = rack.spares.filter((s) => onPlinth.has(s.cableId));
      if (spares.length > 0)
        notes.push(
          `${WORDS.sparesHeading}: ${spares.map((s) => WORDS.spare(names.cable(s.cableId), names.carrier(s.carrier), s.pair)).join(', ')}.`,
        );
      notes.push(WORDS.colourNote);
      cards.push({
        title: WORDS.card(rackName, code),
        keyColumns: 1,
        columns: COLUMNS,
        rows,
        note: notes.join(' '),
        newPage: true,
      });
    }
    if (rack.overflow.length > 0) {
      index.push({ cells: [rackName, WORDS.none, '', WORDS.overflowHeading, 0, rack.overflow.length, 0] });
      cards.push({
        title: WORDS.overflowCard(rackName),
        keyColumns: 1,
        columns: COLUMNS,
        rows: rack.overflow.map((l) => landingRow(names, l)),
        note: `OBS: ${overflow}`,
        newPage: true,
      });
    }
  }
  if (index.length === 0) index.push({ cells: [WORDS.none, WORDS.none, '', WORDS.noConnections, 0, 0, 0] });
  const indexTable: Table = {
    title: 'Plintar',
    keyColumns: 2,
    columns: [
      { title: 'Skåp', width: 1.6 },
      { title: WORDS.designation, width: 1.2 },
      { title: 'Id', width: 1.4 },
      { title: WORDS.product, width: 4.5 },
      { title: 'Anslutningar', width: 1.3, decimals: 0 },
      { title: 'Använda', width: 1.1, decimals: 0 },
      { title: 'Lediga', width: 1.1, decimals: 0 },
    ],
    rows: index,
  };
  return { locale: 'sv-SE', titleBlock, labels: CARD_LABELS, tables: [indexTable, ...cards] };
}
