import { getItem, type ItemRef, type Model } from '@edrf/model';
import { refKey } from './layers';

/**
 * P§4 Selection: items (click, shift adds or toggles, drag box), a storey, a report tile or the
 * model options — one kind at a time. Items may name a part of one of them (a tray's end, a route's
 * slice or node): the part the user pressed, which the screen's panel shows.
 */
export interface ItemPart {
  ref: ItemRef;
  /** The screen's name of the part: 'start', 'end', 'slice:2', 'node:4'… */
  part: string;
}

export type Selection =
  | { kind: 'none' }
  | { kind: 'items'; items: readonly ItemRef[]; part?: ItemPart }
  | { kind: 'storey'; storeyId: string }
  | { kind: 'tile'; storeyId: string; index: number }
  | { kind: 'model' };

export const NOTHING: Selection = { kind: 'none' };

const itemsOf = (selection: Selection): readonly ItemRef[] => (selection.kind === 'items' ? selection.items : []);

const asSelection = (items: readonly ItemRef[]): Selection => (items.length > 0 ? { kind: 'items', items } : NOTHING);

/** A click on an item (or on nothing): it alone is selected; with shift it is added, or removed if it was selected. */
export function clickSelect(selection: Selection, ref: ItemRef | null, shift: boolean): Selection {
  if (!shift) return ref ? { kind: 'items', items: [ref] } : NOTHING;
  if (!ref) return selection;
  const current = itemsOf(selection);
  const key = refKey(ref);
  const without = current.filter((item) => refKey(item) !== key);
  return asSelection(without.length < current.length ? without : [...current, ref]);
}

/** A drag box: its items are the selection; with shift they are added to it. */
export function boxSelect(selection: Selection, refs: readonly ItemRef[], shift: boolean): Selection {
  if (!shift) return asSelection(refs);
  const current = itemsOf(selection);
  const keys = new Set(current.map(refKey));
  return asSelection([...current, ...refs.filter((ref) => !keys.has(refKey(ref)))]);
}

export const isSelected = (selection: Selection, ref: ItemRef): boolean => itemsOf(selection).some((item) => refKey(item) === refKey(ref));

/** The selection without what no longer exists (after an undo, a delete or another storey's merge). */
export function pruneSelection(selection: Selection, model: Model): Selection {
  switch (selection.kind) {
    case 'items': {
      const kept = selection.items.filter((ref) => getItem(model, ref.kind, ref.id));
      if (kept.length === selection.items.length) return selection;
      const part = selection.part && kept.some((ref) => refKey(ref) === refKey(selection.part!.ref)) ? selection.part : undefined;
      return kept.length > 0 ? { kind: 'items', items: kept, ...(part ? { part } : {}) } : NOTHING;
    }
    case 'storey':
      return model.arch.storeys[selection.storeyId] ? selection : NOTHING;
    case 'tile':
      return (model.config.report_tiles[selection.storeyId]?.length ?? 0) > selection.index ? selection : NOTHING;
    default:
      return selection;
  }
}

/** The one room selected, if the selection is exactly one room (key e edits its shape). */
export function singleRoom(selection: Selection): string | null {
  return selection.kind === 'items' && selection.items.length === 1 && selection.items[0]!.kind === 'arch.rooms'
    ? selection.items[0]!.id
    : null;
}
