import { useEffect } from 'react';
import type { AnalysisWarning } from '@edrf/fire';
import type { Model } from '@edrf/model';
import type { PlanEditor } from '../../../../../editor/plan-editor';
import { unitRef } from '../units-edits';
import { unitWarnings, warningUnit } from './analysis-store';
import type { Analysis } from './use-analysis';
import './analysis.css';

export const ANALYSIS_UNAVAILABLE = 'Analysis unavailable';

/**
 * The warnings panel of the units page: every warning of the latest analysis, the count in the heading; a click
 * on one about a unit shows the unit's storey and selects it. It also has the plan drawn again when an answer
 * arrives (the painter reads the analysis store).
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
  if (!model.fire) return null;
  const warnings = result?.validation.warnings ?? [];
  const pick = (warning: AnalysisWarning) => {
    const found = warningUnit(model, warning);
    if (!found) return;
    if (found.unit.storey_id !== editor.storeyId) onStorey(found.unit.storey_id);
    editor.select({ kind: 'items', items: [unitRef(found.group, found.unit.id)] });
  };
  return (
    <section className="analysis-panel" aria-label="Warnings">
      <h2 className="side-title">Warnings ({warnings.length})</h2>
      {analysis.status === 'unavailable' && <p className="muted small">{ANALYSIS_UNAVAILABLE}</p>}
      {result && warnings.length === 0 && <p className="muted small">No warnings.</p>}
      {warnings.length > 0 && (
        <ul className="analysis-warnings">
          {warnings.map((warning) =>
            warning.unit_id && warningUnit(model, warning) ? (
              <li key={warning.warning_id}>
                <button type="button" className="link-button" onClick={() => pick(warning)}>
                  {warning.message}
                </button>
              </li>
            ) : (
              <li key={warning.warning_id}>{warning.message}</li>
            ),
          )}
        </ul>
      )}
    </section>
  );
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
