import { RACK_PRODUCT_LIST, RACK_UNIT_GROUPS, type Fire, type Model, type RackUnitGroup } from '@edrf/model';
import type { Selection } from '../../../../../editor/selection';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';
import { MODEL_FIELD_ATTRIBUTE } from '../../../../../state/shortcuts';
import { ANGLE, NumberField } from '../../../model/NumberField';
import { EQUIPMENT_LABEL, rackRoomRecord } from './rack-edits';

interface RackPanelProps {
  model: Model;
  selection: Selection;
  edit: (requests: EditRequest[]) => void;
}

const modelField = { [MODEL_FIELD_ATTRIBUTE]: '' };

const GROUP_NAMES: Record<RackUnitGroup, string> = {
  centrals: 'Central',
  plinths: 'Plinth',
  power_supplies: 'Power supply',
  others: 'Other equipment',
};

/** The units a rack holds (connections' centrals, plinths, power supplies, others), with their product names. */
export function rackContents(fire: Fire, rackId: string): { group: RackUnitGroup; id: string; text: string }[] {
  return RACK_UNIT_GROUPS.flatMap((group) =>
    Object.values(fire.connections[group])
      .filter((unit) => unit.rack_id === rackId)
      .map((unit) => {
        const list: readonly { id: string; name: string }[] = fire.config.products[RACK_PRODUCT_LIST[group]];
        const product = list.find((p) => p.id === unit.product_id);
        const main = group === 'centrals' && 'main_central' in unit && unit.main_central ? ' (main central)' : '';
        return { group, id: unit.id, text: `${GROUP_NAMES[group]}${main}: ${product ? product.name || product.id : 'no product'}` };
      }),
  );
}

/**
 * The side panel of one selected rack (F§3 Rack unit): 'Rack' or 'Equipment', its own label and angle, its room
 * record ('+D1', the room's name, the record's notes) and the units it holds. Anything else: nothing (null).
 */
export function RackPanel({ model, selection, edit }: RackPanelProps) {
  const ref = selection.kind === 'items' && selection.items.length === 1 ? selection.items[0]! : null;
  const fire = model.fire;
  const rack = ref?.kind === 'fire.units.racks' ? fire?.units.racks[ref.id] : undefined;
  if (!fire || !rack) return null;
  const record = rackRoomRecord(fire, rack.id);
  const contents = rackContents(fire, rack.id);
  return (
    <section className="rack-panel" aria-label="Rack">
      <h2 className="side-title">{rack.physical ? 'Rack' : EQUIPMENT_LABEL}</h2>
      <label className="field">
        <span>Label</span>
        <input
          {...modelField}
          autoComplete="off"
          value={rack.label}
          onChange={(event) => edit([setAt(['fire', 'units', 'racks', rack.id, 'label'], event.target.value)])}
        />
      </label>
      <NumberField
        label="Angle"
        {...ANGLE}
        value={rack.angle}
        onCommit={(angle) => edit([setAt(['fire', 'units', 'racks', rack.id, 'angle'], angle)])}
      />
      {record && (
        <>
          <dl className="details">
            <dt>Room</dt>
            <dd>
              {record.label} {model.arch.rooms[record.id]?.name ?? record.name}
            </dd>
          </dl>
          <label className="field">
            <span>Room notes</span>
            <textarea
              {...modelField}
              value={record.notes}
              onChange={(event) => edit([setAt(['fire', 'connections', 'rooms', record.id, 'notes'], event.target.value)])}
            />
          </label>
        </>
      )}
      <h3 className="side-subtitle">In the rack</h3>
      {contents.length === 0 ? (
        <p className="muted small">Nothing yet: add equipment on the Equipment page.</p>
      ) : (
        <ul aria-label="In the rack">
          {contents.map((unit) => (
            <li key={`${unit.group}:${unit.id}`}>{unit.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
