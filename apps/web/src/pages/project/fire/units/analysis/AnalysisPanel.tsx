import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { partsOrder, type AnalysisWarning } from '@edrf/fire';
import type { Arch, Model } from '@edrf/model';
import { ringsBounds } from '../../../../../editor/layers';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { unitRef } from '../units-edits';
import { roomOfWarning, unitWarnings, warningRoom, warningUnit } from './analysis-store';
import { DetectionFigures } from './DetectionFigures';
import type { Analysis } from './use-analysis';
import './analysis.css';

export const ANALYSIS_UNAVAILABLE = 'Analysis unavailable';
/** While Run or Design all works: the warnings of the model it is about to change are not listed. */
export const ANALYSIS_WAITS = 'The analysis waits for the design run to end';

/**
 * The warnings panel of the units page: every warning of the latest analysis, the count in the heading; a click
 * on one about a unit shows the unit's storey and selects it, on one about a room shows the room. Under it the
 * detectors per room against their least. It also has the plan drawn again when an answer arrives (the painters
 * read the analysis store).
 */
export function AnalysisPanel({
  editor,
  model,
  analysis,
  onStorey,
}: {
  editor: PlanEditor;
  model: Model;
  analysis: Analysis;
  onStorey: (storeyId: string) => void;
}) {
  const result = analysis.result;
  useEffect(() => {
    editor.changed();
  }, [editor, result]);
  // A click acts on the model as it is then (the list itself is drawn again only with a new answer).
  const latest = useRef({ editor, model, onStorey });
  useLayoutEffect(() => {
    latest.current = { editor, model, onStorey };
  });
  const pick = useCallback((warning: AnalysisWarning) => {
    const { editor, model, onStorey } = latest.current;
    const found = warningUnit(model, warning);
    if (found) {
      if (found.unit.storey_id !== editor.storeyId) onStorey(found.unit.storey_id);
      editor.select({ kind: 'items', items: [unitRef(found.group, found.unit.id)] });
      return;
    }
    const roomId = warningRoom(model, warning);
    if (roomId) showRoom(editor, model, onStorey, roomId);
  }, []);
  const show = (roomId: string) => showRoom(editor, model, onStorey, roomId);
  if (!model.fire) return null;
  const warnings = result?.validation.warnings ?? [];
  return (
    // Busy while the analysis of the model as it is now is on its way (the last answer stays listed meanwhile), or while
    // a design run works (nothing is listed then).
    <section className="analysis-panel" aria-label="Warnings" aria-busy={analysis.status === 'pending' || analysis.status === 'waiting'}>
      <h2 className="side-title">{analysis.status === 'waiting' ? 'Warnings' : `Warnings (${warnings.length})`}</h2>
      {analysis.status === 'unavailable' && <p className="muted small">{ANALYSIS_UNAVAILABLE}</p>}
      {analysis.status === 'waiting' && (
        <p className="muted small" role="status">
          {ANALYSIS_WAITS}
        </p>
      )}
      {result && warnings.length === 0 && <p className="muted small">No warnings.</p>}
      {result && warnings.length > 0 && (
        <ul className="analysis-warnings">
          {analysis.parts ? (
            <>
              <WarningItems warnings={analysis.parts.building} arch={model.arch} onPick={pick} />
              {partsOrder(analysis.parts).map((id) => (
                <WarningItems key={id} warnings={analysis.parts!.storeys[id]!.warnings} arch={model.arch} onPick={pick} />
              ))}
            </>
          ) : (
            <WarningItems warnings={warnings} arch={model.arch} onPick={pick} />
          )}
        </ul>
      )}
      <DetectionFigures model={model} result={result} storeyId={editor.storeyId} onRoom={show} />
    </section>
  );
}

/**
 * Warnings as list items, those about a unit or a room of the model buttons. Drawn again only for other warnings
 * (one storey's, when an edit was analysed) or architecture: a large building's list runs to thousands of items, and a
 * drag changes the model every frame.
 */
const WarningItems = memo(function WarningItems({
  warnings,
  arch,
  onPick,
}: {
  warnings: readonly AnalysisWarning[];
  arch: Arch;
  onPick: (warning: AnalysisWarning) => void;
}) {
  return warnings.map((warning) =>
    warning.unit_id || roomOfWarning(arch, warning) ? (
      <li key={warning.warning_id}>
        <button type="button" className="link-button" onClick={() => onPick(warning)}>
          {warning.message}
        </button>
      </li>
    ) : (
      <li key={warning.warning_id}>{warning.message}</li>
    ),
  );
});

/** A storey switch that has not reached the editor by then is given up on (the room is not framed). */
const STOREY_SWITCH_WAIT_MS = 2000;

/**
 * Shows a room on the plan: its storey, then the room framed. Showing another storey fits that storey when the
 * editor gets it, so the framing waits for the editor's change to it.
 */
function showRoom(editor: PlanEditor, model: Model, onStorey: (storeyId: string) => void, roomId: string): void {
  const storey = Object.values(model.arch.storeys).find((s) => s.rooms.includes(roomId));
  const bounds = ringsBounds([model.arch.rooms[roomId]?.shape.exterior ?? []]);
  if (!storey || !bounds) return;
  if (storey.id === editor.storeyId) return editor.frame(bounds);
  const off = editor.on('change', () => {
    if (editor.storeyId !== storey.id) return;
    off();
    editor.frame(bounds);
  });
  setTimeout(off, STOREY_SWITCH_WAIT_MS);
  onStorey(storey.id);
}

/** The selected unit's warnings, in the side panel (F§8: shown on the selected unit). */
export function UnitWarnings({ analysis, unitId }: { analysis: Analysis | undefined; unitId: string }) {
  const warnings = unitWarnings(analysis?.result ?? null, unitId);
  if (warnings.length === 0) return null;
  return (
    <section className="unit-warnings" aria-label="Unit warnings">
      <h3 className="side-subtitle">Warnings</h3>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.warning_id}>{warning.message}</li>
        ))}
      </ul>
    </section>
  );
}
