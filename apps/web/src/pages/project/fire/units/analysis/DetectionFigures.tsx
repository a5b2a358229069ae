import type { FireUnitsResult } from '@edrf/fire';
import type { Model } from '@edrf/model';
import { detectionFigures, roomName, type DetectionTotals } from './room-detection';

/** '26 detectors (least 24)': the count and the least any design could have. */
export const detectionTotals = ({ detectors, least }: DetectionTotals) =>
  `${detectors} ${detectors === 1 ? 'detector' : 'detectors'} (least ${least})`;

/**
 * Beyond the peers (issue 22): the detectors of the shown storey and of the building against the least number
 * the engine proves they need, and the storey's rooms that have more than their least, each shown on a click.
 */
export function DetectionFigures({
  model,
  result,
  storeyId,
  onRoom,
}: {
  model: Model;
  result: FireUnitsResult | null;
  storeyId: string;
  onRoom: (roomId: string) => void;
}) {
  const figures = detectionFigures(result, storeyId);
  if (!figures) return null;
  return (
    <section className="detection-figures" aria-label="Detectors per room">
      <h3 className="side-subtitle">Detectors per room</h3>
      <dl className="detection-totals">
        <dt>This storey</dt>
        <dd>{detectionTotals(figures.storey)}</dd>
        <dt>Building</dt>
        <dd>{detectionTotals(figures.building)}</dd>
      </dl>
      {figures.over.length === 0 ? (
        <p className="muted small">No room on this storey has more detectors than it needs.</p>
      ) : (
        <ul className="detection-over" aria-label="Rooms above their least">
          {figures.over.map((room) => (
            <li key={room.room_id}>
              <button type="button" className="link-button" onClick={() => onRoom(room.room_id)}>
                {roomName(model, room.room_id)}: {room.detectors} where {room.lower_bound} could do
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
