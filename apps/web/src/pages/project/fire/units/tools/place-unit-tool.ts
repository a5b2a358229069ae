import type { Point2 } from '@edrf/model';
import type { OverlayDraw } from '../../../../../editor/overlay';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import type { PlanEditorApi } from '../../../../../editor/plan-editor-api';
import type { PlanTool, Press, ToolPointer, ToolStatus } from '../../../../../editor/tool';
import { pendingStyle, unitSymbol } from '../layers/unit-layers';
import { KIND, type UnitKind } from '../unit-kinds';
import {
  NO_SOCKET_SIRENS,
  defaultProductId,
  hasAngle,
  noProductFound,
  normalizeAngle,
  placeUnitEdits,
  placementZ,
  productsFor,
  socketDetector,
  socketSirenEdits,
  unitRef,
} from '../units-edits';

/** F§4: r turns the pending or selected units by +10 degrees, R by −1. */
export const ROTATE_STEP: Readonly<Record<string, number>> = { r: 10, R: -1 };

/** The tool id of a kind's placement tool ('place-detector', …): one toolbar button each. */
export const placeToolId = (kind: UnitKind) => `place-${kind}`;

export interface PlaceUnitToolOptions {
  /** The product the user chose for this kind (the panel's choice); null or absent: the first of its list. */
  product?: () => string | null;
  /** Detectors: the Hidden-detector toggle is on. */
  hidden?: () => boolean;
  /** Sirens: place into a detector's socket. */
  socket?: () => boolean;
  /** F§8 warnings shown to the user (a toast on the page). */
  warn?: (message: string) => void;
  /** Where 'No product found for {unit}' goes (F§8: a logged warning); console.warn by default. */
  log?: (message: string) => void;
}

export interface PlaceUnitState {
  kind: UnitKind;
  /** The pending unit's angle, degrees in [0, 360) (r +10, R −1). */
  angle: number;
  /** The pointer (world metres): where the pending unit is drawn; null before it moves over the plan. */
  cursor: Point2 | null;
  /** The units this tool placed, in order. */
  made: readonly string[];
}

/**
 * Placement of one kind of unit (F§2 tools, F§4 Unit placement): a press places the unit at the pointer on the
 * shown storey, at F§9's height, with the chosen product or the first of its list (none: 'No product found for
 * {unit}' is logged and the unit has no product), turned by the pending angle, and selects it; the tool stays
 * armed for the next one, and Escape ends it (the engine's). Detectors are hidden while the Hidden-detector
 * toggle is on, and pair with a free detector of the other kind within 0.5 m. A socketed siren goes onto the
 * nearest free detector, with a siren product that has a detector socket.
 */
export class PlaceUnitTool implements PlanTool<PlaceUnitState> {
  readonly id: string;
  readonly cursor = 'crosshair';
  state: PlaceUnitState;

  constructor(
    kind: UnitKind,
    private readonly options: PlaceUnitToolOptions = {},
  ) {
    this.id = placeToolId(kind);
    this.state = { kind, angle: 0, cursor: null, made: [] };
  }

  private get socketing(): boolean {
    return this.state.kind === 'siren' && (this.options.socket?.() ?? false);
  }

  /** The product a press gives the new unit: the chosen one if its list still has it, else the first. */
  productId(editor: PlanEditorApi): string | null {
    const socketOnly = this.socketing;
    const chosen = this.options.product?.() ?? null;
    if (chosen && productsFor(editor.model, this.state.kind, { socketOnly }).some((p) => p.id === chosen)) return chosen;
    return defaultProductId(editor.model, this.state.kind, { socketOnly });
  }

  down(pointer: ToolPointer, editor: PlanEditor): boolean {
    if (!editor.model.fire || !editor.model.arch.storeys[editor.storeyId]) return true;
    const { kind, angle } = this.state;
    const productId = this.productId(editor);
    let placed: { id: string; requests: Parameters<typeof editor.target.edit>[0] } | null;
    if (this.socketing) {
      if (!productId) {
        this.options.warn?.(NO_SOCKET_SIRENS);
        return true;
      }
      placed = socketSirenEdits(editor.model, editor.storeyId, pointer.point, { productId, angle });
      // No free detector near the press: nothing is placed (the status line says where to press).
      if (!placed) return true;
    } else {
      if (!productId && KIND[kind].products) (this.options.log ?? ((message: string) => console.warn(message)))(noProductFound(kind));
      placed = placeUnitEdits(editor.model, editor.storeyId, kind, pointer.point, {
        productId,
        angle,
        hidden: kind === 'detector' && (this.options.hidden?.() ?? false),
      });
    }
    editor.target.edit(placed.requests);
    editor.select({ kind: 'items', items: [unitRef(KIND[kind].group, placed.id)] });
    this.set({ ...this.state, cursor: pointer.point, made: [...this.state.made, placed.id] }, editor);
    return true;
  }

  move(pointer: ToolPointer, _press: Press | null, editor: PlanEditor): void {
    this.set({ ...this.state, cursor: pointer.point }, editor);
  }

  key(key: string, editor: PlanEditor): boolean {
    const step = ROTATE_STEP[key];
    if (step === undefined) return false;
    this.set({ ...this.state, angle: normalizeAngle(this.state.angle + step) }, editor);
    return true;
  }

  overlay = (draw: OverlayDraw, editor: PlanEditorApi): void => {
    const { cursor, kind, angle } = this.state;
    const fire = editor.model.fire;
    const storey = editor.model.arch.storeys[editor.storeyId];
    if (!cursor || !fire || !storey) return;
    const info = KIND[kind];
    // Socketing: the pending siren shows on the detector it would go onto, or nowhere.
    let at: Point2 = cursor;
    if (this.socketing) {
      const detector = socketDetector(editor.model, editor.storeyId, cursor);
      if (!detector) return;
      at = [detector.coord[0], detector.coord[1]];
    }
    const productId = this.productId(editor) ?? '';
    const z = placementZ(editor.model, editor.storeyId, info.group);
    const base = { id: '', storey_id: editor.storeyId, coord: [at[0], at[1], z] as [number, number, number], product_id: productId, angle };
    const pending = {
      ...base,
      hidden: kind === 'detector' && (this.options.hidden?.() ?? false),
      locked_to: this.socketing ? 'pending' : '',
      unit_type: info.unitType ?? 'other',
      label: 'Label',
      comment: '',
      door_id: '',
      inputs: [],
      outputs: [],
    };
    const symbol = unitSymbol(info.group, pending, fire.config.products);
    const style = pendingStyle(info.group);
    draw.rings(symbol.rings, style.ring);
    for (const line of symbol.lines) draw.polyline(line, style.line);
  };

  status(): ToolStatus {
    const { kind, angle } = this.state;
    const label = KIND[kind].label;
    const name = label === 'IO' ? 'an IO unit' : `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;
    const turn = hasAngle(KIND[kind].group) ? ` (${angle}°)` : '';
    if (this.socketing) return { text: `Press on a detector to socket a siren onto it${turn}`, hint: true };
    return { text: `Press to place ${name}${turn}`, hint: true };
  }

  private set(state: PlaceUnitState, editor: PlanEditor): void {
    this.state = state;
    editor.toolChanged();
  }
}
