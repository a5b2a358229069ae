import type { Model } from '@edrf/model';
import { sectionOfRoom, sectionTitle } from '../section-lookup';
import type { SectionsAnalysis } from './use-sections-analysis';

/**
 * The analysis of the sections (F§8): each warning a red box with the server's message — one about a section is a
 * button that selects it — and under 'Non-contiguous rooms', per section that falls apart, its rooms by name, one
 * line per piece.
 */
export function SectionWarnings({
  model,
  analysis,
  onSection,
}: {
  model: Model;
  analysis: SectionsAnalysis;
  onSection: (id: string) => void;
}) {
  const validation = analysis.validation;
  const warnings = validation?.warnings ?? [];
  const fire = model.fire;
  const roomName = (id: string) => model.arch.rooms[id]?.name || id;
  // The pieces of each split section, grouped by the section of their rooms.
  const split = new Map<string, string[][]>();
  for (const piece of validation?.split_sections ?? []) {
    const section = fire && piece[0] ? sectionOfRoom(fire, piece[0]) : null;
    const key = section?.id ?? '';
    split.set(key, [...(split.get(key) ?? []), piece]);
  }
  return (
    <section className="section-warnings" aria-label="Warnings">
      <h2 className="side-subtitle">Warnings ({warnings.length})</h2>
      {analysis.status === 'unavailable' && <p className="muted small">Analysis unavailable: {analysis.reason}</p>}
      <ul className="warning-boxes">
        {warnings.map((warning) => {
          const section = warning.section_id ? fire?.sections[warning.section_id] : undefined;
          return (
            <li key={warning.warning_id} className="warning-box">
              {section ? (
                <button type="button" className="link-button" onClick={() => onSection(section.id)}>
                  {warning.message}
                </button>
              ) : (
                warning.message
              )}
            </li>
          );
        })}
      </ul>
      {split.size > 0 && (
        <section aria-label="Non-contiguous rooms">
          <h2 className="side-subtitle">Non-contiguous rooms</h2>
          {[...split].map(([sectionId, pieces]) => {
            const section = fire?.sections[sectionId];
            return (
              <div key={sectionId} className="warning-box">
                {section ? (
                  <button type="button" className="link-button" onClick={() => onSection(section.id)}>
                    {sectionTitle(section)}
                  </button>
                ) : (
                  <strong>A section</strong>
                )}
                <ul aria-label={section ? `Rooms of ${sectionTitle(section)}` : 'Rooms'}>
                  {pieces.map((piece) => (
                    <li key={piece.join(',')}>{piece.map(roomName).join(', ')}</li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      )}
    </section>
  );
}
