import { useSearchParams } from 'react-router';
import type { Arch } from '@edrf/model';
import { defaultStorey } from './storeys';

/**
 * The storey a plan screen shows: the address's `?storey=` when the model has it, else the ground floor (so undo and
 * redo, which go back to the page of the edit, come back to its storey); `show` puts another in the address,
 * keeping its other parameters (the units page's `?view=3d`).
 */
export function useShownStorey(arch: Arch): [storeyId: string | null, show: (storeyId: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('storey');
  const storeyId = requested && arch.storeys[requested] ? requested : defaultStorey(arch);
  const show = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('storey', id);
        return next;
      },
      { replace: true },
    );
  return [storeyId, show];
}
