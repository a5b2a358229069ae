import type { Arch } from '@edrf/model';
import { storeysTopDown } from './storeys';

/** The storey picker of every storey screen (P§2): storeys top-down, each with its number and name. */
export function StoreyList({ arch, current, onPick }: { arch: Arch; current: string | null; onPick: (storeyId: string) => void }) {
  const storeys = storeysTopDown(arch);
  return (
    <>
      <h2 className="side-title">Storeys</h2>
      {storeys.length === 0 && <p className="muted small">No storeys. Add IFCs on the project page, or import an .edrf file.</p>}
      <ul className="storey-list" aria-label="Storeys">
        {storeys.map((storey) => (
          <li key={storey.id}>
            <button
              type="button"
              className={storey.id === current ? 'storey-button current' : 'storey-button'}
              data-storey-id={storey.id}
              aria-current={storey.id === current ? 'true' : undefined}
              onClick={() => onPick(storey.id)}
            >
              <span className="storey-number">{storey.number}</span> {storey.name || '(no name)'}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The storeys as options of a select, top-down, each '{number} {name}' (a tray's storey, vertical mode's 'Rise to'). */
export function StoreyOptions({ arch, except }: { arch: Arch; except?: string | null }) {
  return storeysTopDown(arch)
    .filter((storey) => storey.id !== except)
    .map((storey) => (
      <option key={storey.id} value={storey.id}>
        {storey.number} {storey.name}
      </option>
    ));
}
