import type { Arch } from '@edrf/model';
import { Modal } from '../../../ui/Modal';
import { modelStatistics } from './model-edits';

/** P§2 model statistics: storeys, rooms, walls, doors and the total room area in m2. */
export function StatisticsDialog({ arch, onClose }: { arch: Arch; onClose: () => void }) {
  const stats = modelStatistics(arch);
  return (
    <Modal title="Model statistics" onClose={onClose}>
      <dl className="details">
        <dt>Storeys</dt>
        <dd>{stats.storeys}</dd>
        <dt>Rooms</dt>
        <dd>{stats.rooms}</dd>
        <dt>Walls</dt>
        <dd>{stats.walls}</dd>
        <dt>Doors</dt>
        <dd>{stats.doors}</dd>
        <dt>Total area</dt>
        <dd>{stats.totalArea.toFixed(2)} m2</dd>
      </dl>
    </Modal>
  );
}
