import { useState, type ReactNode } from 'react';
import type { Model } from '@edrf/model';
import { Modal } from '../../../ui/Modal';
import { CLEAN_OPTIONS, defaultCleanSettings, type CleanPreview, type CleanSettings, type CleanSummary } from './clean-arch';

/** An area in m², one decimal, kept on one line with its unit. */
export const formatArea = (area: number): string =>
  `${area.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0m²`;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Whether Clean would change nothing. */
export const cleansNothing = (summary: CleanSummary): boolean =>
  summary.rooms_merged.length +
    summary.rooms_synthesized.length +
    summary.rooms_split.length +
    summary.rooms_removed.length +
    summary.rooms_retyped.length +
    summary.walls_removed.length +
    summary.storeys_removed.length ===
  0;

/** Items of a list grouped by storey name, in the order the storeys first appear. */
function byStorey<T extends { storey_name: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.storey_name, [...(groups.get(item.storey_name) ?? []), item]);
  return [...groups];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="clean-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/** What Clean will do (docs/clean-arch.md, 'Summary'): shown before the user applies it. */
export function CleanSummaryView({ summary }: { summary: CleanSummary }) {
  const synthesizedArea = summary.rooms_synthesized.reduce((sum, room) => sum + room.area, 0);
  const wallsRemoved = summary.walls_removed.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <div className="clean-summary">
      <dl className="details" aria-label="Room totals">
        <dt>Room area</dt>
        <dd>
          {formatArea(summary.room_area_before)} → {formatArea(summary.room_area_after)}
        </dd>
        <dt>Rooms</dt>
        <dd>
          {summary.room_count_before} → {summary.room_count_after}
        </dd>
      </dl>
      {cleansNothing(summary) && <p>Nothing to clean: the model stays as it is.</p>}
      {summary.rooms_merged.length > 0 && (
        <Section title={`Rooms merged (${summary.rooms_merged.length})`}>
          <ul>
            {summary.rooms_merged.map((room) => (
              <li key={room.id}>
                <strong>{room.name}</strong> ({room.type}, {formatArea(room.area)}, {room.storey_name}) from{' '}
                {room.parts.map((part) => `${part.name} (${formatArea(part.area)})`).join(', ')}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {summary.rooms_synthesized.length > 0 && (
        <Section title={`Rooms synthesized (${summary.rooms_synthesized.length}, ${formatArea(synthesizedArea)})`}>
          <ul>
            {byStorey(summary.rooms_synthesized).map(([storey, rooms]) => (
              <li key={storey}>
                {storey}: {plural(rooms.length, 'room')} of {rooms.map((room) => formatArea(room.area)).join(', ')}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {summary.rooms_split.length > 0 && (
        <Section title={`Rooms split off by overlap (${summary.rooms_split.length})`}>
          <ul>
            {summary.rooms_split.map((room) => (
              <li key={room.id}>
                {room.name} ({formatArea(room.area)}, {room.storey_name})
              </li>
            ))}
          </ul>
        </Section>
      )}
      {summary.rooms_removed.length > 0 && (
        <Section title={`Rooms removed (${summary.rooms_removed.length})`}>
          <ul>
            {summary.rooms_removed.map((room) => (
              <li key={room.id}>
                {room.name || room.id} ({formatArea(room.area)}, {room.storey_name})
              </li>
            ))}
          </ul>
        </Section>
      )}
      {summary.rooms_retyped.length > 0 && (
        <Section title={`Room types set (${summary.rooms_retyped.length})`}>
          <ul>
            {summary.rooms_retyped.map((room) => (
              <li key={room.id}>
                {room.name || room.id}: {room.from} → {room.type}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {wallsRemoved > 0 && (
        <Section title={`Walls removed (${wallsRemoved})`}>
          <ul>
            {summary.walls_removed.map((entry) => (
              <li key={entry.storey_id}>
                {entry.storey_name}: {plural(entry.count, 'wall')}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {summary.storeys_removed.length > 0 && (
        <Section title={`Storeys removed (${summary.storeys_removed.length})`}>
          <ul>
            {summary.storeys_removed.map((storey) => (
              <li key={storey.id}>{storey.name || storey.id}</li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

/**
 * P§2 clean options (P§9 defaults). Preview asks what Clean would do and shows it; Apply hands the cleaned model to
 * `onApply`, which applies it as one undoable edit. Nothing changes before Apply.
 */
export function CleanDialog({
  onPreview,
  onApply,
  onClose,
}: {
  onPreview: (settings: CleanSettings) => Promise<CleanPreview>;
  onApply: (model: Model) => void;
  onClose: () => void;
}) {
  const [settings, setSettings] = useState<CleanSettings>(defaultCleanSettings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CleanPreview | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setPreview(await onPreview(settings));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const footer = preview ? (
    <>
      <button type="button" className="btn" onClick={() => setPreview(null)}>
        Back
      </button>
      <button type="button" className="btn btn-primary" disabled={cleansNothing(preview.summary)} onClick={() => onApply(preview.model)}>
        Apply
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
        {busy ? 'Previewing…' : 'Preview'}
      </button>
    </>
  );
  return (
    <Modal title="Clean model" onClose={onClose} footer={footer} width="34rem">
      {preview ? (
        <CleanSummaryView summary={preview.summary} />
      ) : (
        CLEAN_OPTIONS.map((option) => (
          <label key={option.key} className="check">
            <input
              type="checkbox"
              checked={settings[option.key]}
              onChange={(event) => setSettings({ ...settings, [option.key]: event.target.checked })}
            />
            {option.label}
          </label>
        ))
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
