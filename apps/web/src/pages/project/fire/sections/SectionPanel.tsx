import { useState } from 'react';
import { SECTION_PALETTE, type Model, type Section } from '@edrf/model';
import { toast } from '../../../../ui/alerts';
import type { EditRequest } from '../../../../state/history';
import { addressOf, roomStoreys, sectionTitle, sortedSections, unitPart } from './section-lookup';
import { addressedUnit } from './section-lookup';
import type { SectionsPick } from './section-selection';
import {
  addressRefusal,
  deleteSectionEdits,
  describeEdits,
  movePartEdits,
  recolourEdits,
  removePartEdits,
  renameEdits,
  resetPartShapeEdits,
  setAddressEdits,
} from './sections-edits';

const GROUP_TITLE = { detectors: 'Detector', sirens: 'Siren', buttons: 'Button', ios: 'IO unit', others: 'Other unit' } as const;

export interface SectionPanelProps {
  model: Model;
  pick: SectionsPick;
  /** Panel edits go to the project store (one undo step each, text batched). */
  edit: (requests: EditRequest[]) => void;
  /** Removals (a part, a section) are one undo step of their own. */
  replace: (requests: EditRequest[]) => void;
  onPickPart: (sectionId: string, roomId: string | null) => void;
  onEditShape: () => void;
  onDeleted: () => void;
  /** While rooms are being moved (Edit) or a shape edited, the fields wait. */
  busy: boolean;
}

/** The right column: the selected section's fields and rooms, the selected part's actions, or a unit's address. */
export function SectionPanel(props: SectionPanelProps) {
  const { model, pick } = props;
  return (
    <aside className="model-side model-properties sections-panel" aria-label="Properties">
      {pick.kind === 'none' && (
        <p className="muted">Pick a section in the Sections menu or on the plan. A click on a unit in a section gives it an address.</p>
      )}
      {pick.kind === 'section' && model.fire?.sections[pick.sectionId] && (
        <SectionFields {...props} section={model.fire.sections[pick.sectionId]!} roomId={pick.roomId} />
      )}
      {pick.kind === 'unit' && <UnitAddress {...props} group={pick.group} unitId={pick.unitId} />}
      {pick.kind === 'units' && <h2 className="side-title">{pick.count} units selected</h2>}
    </aside>
  );
}

function SectionFields({
  model,
  section,
  roomId,
  edit,
  replace,
  onPickPart,
  onEditShape,
  onDeleted,
  busy,
}: SectionPanelProps & { section: Section; roomId: string | null }) {
  const storeys = roomStoreys(model);
  const others = sortedSections(model.fire).filter((s) => s.id !== section.id);
  const part = roomId ? section.parts.find((p) => p.room_id === roomId) : undefined;
  const roomName = (id: string) => model.arch.rooms[id]?.name || id;
  const storeyName = (id: string) => {
    const storey = model.arch.storeys[storeys.get(id) ?? ''];
    return storey ? storey.name || storey.id : '';
  };
  return (
    <section aria-label="Section">
      <h2 className="side-title">{sectionTitle(section)}</h2>
      <label className="field">
        <span>Name</span>
        <input value={section.name} disabled={busy} onChange={(event) => edit(renameEdits(section.id, event.target.value))} />
      </label>
      <label className="field">
        <span>Description</span>
        <textarea
          aria-label="Description"
          rows={2}
          value={section.description}
          disabled={busy}
          onChange={(event) => edit(describeEdits(section.id, event.target.value))}
        />
      </label>
      <fieldset className="section-colours" disabled={busy}>
        <legend>Colour</legend>
        {SECTION_PALETTE.map((pair, index) => (
          <button
            key={pair.color}
            type="button"
            className="section-colour"
            aria-label={`Colour ${index + 1}`}
            aria-pressed={section.color === pair.color && section.highlight_color === pair.highlight_color}
            style={{ background: pair.color, borderColor: pair.highlight_color }}
            onClick={() => edit(recolourEdits(section.id, index))}
          />
        ))}
      </fieldset>
      <h3 className="side-subtitle">Rooms ({section.parts.length})</h3>
      {section.parts.length === 0 && <p className="muted small">No rooms yet: Edit, then click rooms on the plan.</p>}
      <ul className="section-parts" aria-label="Rooms of the section">
        {section.parts.map((p) => (
          <li key={p.room_id}>
            <button
              type="button"
              className={p.room_id === roomId ? 'section-button current' : 'section-button'}
              aria-pressed={p.room_id === roomId}
              onClick={() => onPickPart(section.id, p.room_id === roomId ? null : p.room_id)}
            >
              <span className="section-name">{roomName(p.room_id)}</span>
              <span className="section-figures muted">
                {storeyName(p.room_id)}
                {p.shape ? ' · own shape' : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {part && (
        <section className="part-actions" aria-label="Part">
          <h3 className="side-subtitle">{roomName(part.room_id)}</h3>
          <label className="field">
            <span>Move to</span>
            <select
              value=""
              disabled={busy || others.length === 0}
              onChange={(event) => {
                const requests = event.target.value ? movePartEdits(model, part.room_id, event.target.value) : null;
                if (requests) {
                  edit(requests);
                  onPickPart(event.target.value, part.room_id);
                }
              }}
            >
              <option value="">{others.length === 0 ? 'No other section' : 'Another section…'}</option>
              {others.map((s) => (
                <option key={s.id} value={s.id}>
                  {sectionTitle(s)}
                </option>
              ))}
            </select>
          </label>
          <div className="button-row">
            <button type="button" className="btn btn-small" title="Edit the part's shape (E)" disabled={busy} onClick={onEditShape}>
              Edit shape
            </button>
            <button
              type="button"
              className="btn btn-small"
              title="Reset: the room's own shape again"
              disabled={busy || part.shape === null}
              onClick={() => {
                const requests = resetPartShapeEdits(model, section.id, part.room_id);
                if (requests) edit(requests);
              }}
            >
              Reset shape
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-quiet"
              title="Remove the room from the section (Delete); its units lose their addresses"
              disabled={busy}
              onClick={() => {
                const requests = removePartEdits(model, section.id, part.room_id);
                if (requests) {
                  replace(requests);
                  onPickPart(section.id, null);
                }
              }}
            >
              Remove
            </button>
          </div>
        </section>
      )}
      <p className="muted small">
        {Object.keys(section.addresses).length} addressed {Object.keys(section.addresses).length === 1 ? 'unit' : 'units'}
      </p>
      <button
        type="button"
        className="btn btn-small btn-danger-quiet"
        disabled={busy}
        onClick={() => {
          replace(deleteSectionEdits(section.id));
          onDeleted();
        }}
      >
        Delete section
      </button>
    </section>
  );
}

function UnitAddress({ model, group, unitId, edit }: SectionPanelProps & { group: keyof typeof GROUP_TITLE; unitId: string }) {
  const fire = model.fire;
  const unit = fire ? addressedUnit(fire, unitId) : null;
  if (!fire || !unit) return null;
  const held = addressOf(fire, unitId);
  const inside = unitPart(model, unit);
  const section = held?.section ?? inside?.section ?? null;
  return (
    <section aria-label="Unit">
      <h2 className="side-title">{GROUP_TITLE[group]}</h2>
      <p className="muted small">{unitId}</p>
      {section ? (
        <>
          <p>{sectionTitle(section)}</p>
          <AddressField
            key={`${unitId}:${held?.address ?? ''}`}
            value={held?.address ?? null}
            onCommit={(address) => {
              if (address === null) {
                if (held) edit(setAddressEdits(held.section.id, unitId, null));
                return;
              }
              const refusal = addressRefusal(section, unitId, address);
              if (refusal) toast.error(refusal);
              else edit(setAddressEdits(section.id, unitId, address));
            }}
          />
        </>
      ) : (
        <p className="muted">Not in a section: a unit takes an address in the section it stands in.</p>
      )}
    </section>
  );
}

/** The address as typed, written on blur or Enter; empty clears it (F§4). */
function AddressField({ value, onCommit }: { value: number | null; onCommit: (address: number | null) => void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === (value === null ? '' : String(value))) return;
    if (trimmed === '') onCommit(null);
    else onCommit(Number(trimmed));
  };
  return (
    <label className="field">
      <span>Address</span>
      <input
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
