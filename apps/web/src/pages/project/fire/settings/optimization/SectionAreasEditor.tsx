import { useState, type FormEvent } from 'react';
import { clampNumber } from '../../../model/NumberField';
import { MeasureField } from './MeasureField';
import { SECTION_AREA_MIN, addArea, removeArea, replaceArea } from './section-areas';

interface SectionAreasEditorProps {
  areas: readonly number[];
  onChange: (areas: number[]) => void;
}

/** 'Section Areas' (F§3): the list kept sorted descending (duplicates allowed); edit, remove, and add a new area. */
export function SectionAreasEditor({ areas, onChange }: SectionAreasEditorProps) {
  const [draft, setDraft] = useState('');
  const parsed = Number(draft.replace(',', '.'));
  const valid = draft.trim() !== '' && Number.isFinite(parsed);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onChange(addArea(areas, clampNumber(parsed, { min: SECTION_AREA_MIN })));
    setDraft('');
  };
  return (
    <>
      {areas.length === 0 ? (
        <p className="muted">No section areas</p>
      ) : (
        <ol className="section-areas" aria-label="Section areas">
          {areas.map((area, index) => (
            // Keyed by place: the list re-sorts after an edit, and each place shows the value now there.
            <li key={index}>
              <MeasureField
                label={`Section area ${index + 1}`}
                unit="m²"
                min={SECTION_AREA_MIN}
                value={area}
                onCommit={(value) => onChange(replaceArea(areas, index, value))}
              />
              <button
                type="button"
                className="btn btn-small btn-danger-quiet"
                aria-label={`Remove section area ${index + 1}`}
                onClick={() => onChange(removeArea(areas, index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      {/* noValidate: a value out of range is clamped (P§5), not refused by the browser. */}
      <form className="section-area-add" noValidate onSubmit={add}>
        <div className="measure-field">
          <label className="field">
            <span>New section area</span>
            <input
              type="number"
              inputMode="decimal"
              min={SECTION_AREA_MIN}
              step="any"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <span className="measure-unit">m²</span>
        </div>
        <button type="submit" className="btn" disabled={!valid}>
          Add area
        </button>
      </form>
    </>
  );
}
