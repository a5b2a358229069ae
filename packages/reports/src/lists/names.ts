// What the lists call each thing, in one place, so the three lists name a rack, a rack unit and a field unit alike.
// Racks and rack units carry the rack documents' names (racks/rack-names.ts), so that the Stycklista, the Kabellista,
// the Plintkort and the Förbindningsschema read side by side: a rack '+D1', a rack unit its reference designation
// ('+D1-K1') with the equipment page's word for it ('Huvudcentral'). A field unit: its symbol's name and 'sektion.adress'.
import type { Fire, Products, RackUnit } from '@edrf/model';
import { RACK_PRODUCT_LIST, UNIT_PRODUCT_LIST } from '@edrf/model';
import { rackNames, type RackEquipment } from '../racks/rack-names.js';
import { rackUnitKind } from '../racks/words.js';
import { fieldUnitNames } from '../names/field-units.js';
import { LIST_LABELS } from './labels.js';

/** A unit in a rack (a central, plinth, power supply or other rack product) with what the lists print of it. */
export type RackPiece = RackEquipment & {
  rackId: string;
  /** The product's name, `(ingen produkt)` when it has none. */
  product: string;
  /** '-K1': its designation in its rack. */
  designation: string;
  /** 'Huvudcentral', 'Plint', 'Larmsändare' …: what the equipment page and the rack documents call it. */
  kind: string;
  /** '-K1 Huvudcentral': the unit where its rack is named beside it. */
  label: string;
  /** '+D1-K1 Huvudcentral': the unit standing alone (a cable's end). */
  fullLabel: string;
};

export interface ListNames {
  /** The racks in the equipment page's order. */
  racks: RackUnit[];
  /** '+D1', '+D1 A'; a rack with neither room record nor label by its id. */
  rack: (rackId: string) => string;
  /** The rack units of each rack, top to bottom (rack_pos y, then x). */
  piecesOf: (rackId: string) => RackPiece[];
  piece: (id: string) => RackPiece | undefined;
  /** The rack unit of a rack listing a route or cable in its connections (the topmost when several do). */
  holder: (rackId: string, connectionId: string) => RackPiece | undefined;
  /** A field unit: 'Rökdetektor 1.12', else 'Rökdetektor (det-3)' when it has no address; '' for no such unit. */
  fieldUnit: (unitId: string) => string;
  /** A field unit's symbol name ('Rökdetektor'), '' for no such unit. */
  unitType: (unitId: string) => string;
  /** A field unit's product name, `(ingen produkt)` when it has none. */
  unitProduct: (unitId: string) => string;
  /** Unit id -> its section name and address. */
  addressOf: (unitId: string) => { section: string; address: number } | undefined;
  productName: (list: keyof Products, id: string) => string;
}

export function listNames(fire: Fire): ListNames {
  const labels = LIST_LABELS;
  const products = fire.config.products;
  const productName = (list: keyof Products, id: string) =>
    (id === '' ? undefined : (products[list] as { id: string; name: string }[]).find((p) => p.id === id)?.name) || labels.noProduct;
  const names = rackNames(fire);
  const pieces = new Map<string, RackPiece[]>();
  const byId = new Map<string, RackPiece>();
  for (const rack of names.racks) {
    const list = names.equipmentOf(rack.id).map((e): RackPiece => {
      const kind = rackUnitKind(e);
      const designation = names.designation(e.unit.id);
      return {
        ...e,
        rackId: rack.id,
        product: productName(RACK_PRODUCT_LIST[e.group], e.unit.product_id),
        designation,
        kind,
        label: `${designation} ${kind}`,
        fullLabel: `${names.reference(e.unit.id)} ${kind}`,
      };
    });
    pieces.set(rack.id, list);
    for (const piece of list) byId.set(piece.unit.id, piece);
  }

  const field = fieldUnitNames(fire);
  const unitType = field.type;
  const unitProduct = (unitId: string) => {
    const group = field.groupOf(unitId);
    const unit = group ? (fire.units[group] as Record<string, { product_id: string }>)[unitId] : undefined;
    return group && unit ? productName(UNIT_PRODUCT_LIST[group], unit.product_id) : labels.noProduct;
  };

  return {
    racks: names.racks,
    rack: names.rack,
    piecesOf: (rackId) => pieces.get(rackId) ?? [],
    piece: (id) => byId.get(id),
    holder: (rackId, connectionId) => (pieces.get(rackId) ?? []).find((p) => p.unit.connections.includes(connectionId)),
    fieldUnit: field.name,
    unitType,
    unitProduct,
    addressOf: field.addressOf,
    productName,
  };
}
