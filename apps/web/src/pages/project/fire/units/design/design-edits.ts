import { UNIT_GROUPS, type Fire, type Model } from '@edrf/model';
import { setAt } from '../../../../../state/typed-path';
import type { EditRequest } from '../../../../../state/history';

/**
 * The automatic design's merge (issue 22 'Automatic design', docs/fire-units.md): calc_fire_units answers the
 * building's detectors, sirens and buttons, the sent ones kept and the missing ones added. The answer arrives
 * while the user may have edited, so it is merged against the model as it is now, as edit requests:
 * - only the units the engine added (ids the sent model did not have) are candidates: a unit the user deleted
 *   during the run stays deleted, and a unit the user placed or moved is never touched;
 * - a candidate is added only when the model now lacks its id; one whose id a unit placed during the run took
 *   gets the next free id of its prefix (a socketed siren follows its detector's new id);
 * - for 'This storey' only the candidates on that storey, and never on a storey deleted during the run.
 */

/** The three groups calc_fire_units designs. */
export const DESIGNED_GROUPS = ['detectors', 'sirens', 'buttons'] as const;
export type DesignedGroup = (typeof DESIGNED_GROUPS)[number];

/** 'Whole building' or 'This storey' (the storey shown when Run was pressed). */
export type DesignScope = { kind: 'building' } | { kind: 'storey'; storeyId: string };

/** calc_fire_units' `units`: the three groups, kept and added. */
export type DesignedUnits = Pick<Fire['units'], DesignedGroup>;

type DesignedUnit = DesignedUnits[DesignedGroup][string];

export type DesignCounts = Record<DesignedGroup, number>;

export interface DesignMerge {
  requests: EditRequest[];
  added: DesignCounts;
}

const hasId = (fire: Fire, id: string) => UNIT_GROUPS.some((group) => Object.hasOwn(fire.units[group], id));

/** '{prefix}-{n}' of an engine id (det-12 → det); the whole id when it has no number. */
const prefixOf = (id: string) => id.replace(/-\d+$/, '');

/**
 * The edit requests adding the designed units of `units` to `model`, and how many of each group. `sent` is the
 * fire module sent to calc_fire_units (its units are the ones the engine kept).
 */
export function designEdits(model: Model, sent: Fire, units: DesignedUnits, scope: DesignScope): DesignMerge {
  const added: DesignCounts = { detectors: 0, sirens: 0, buttons: 0 };
  const fire = model.fire;
  if (!fire) return { requests: [], added };
  const taken = new Set<string>();
  const isTaken = (id: string) => taken.has(id) || hasId(fire, id);
  const freeId = (id: string) => {
    const prefix = prefixOf(id);
    let n = 1;
    while (isTaken(`${prefix}-${n}`)) n++;
    return `${prefix}-${n}`;
  };
  const wanted = (unit: { id: string; storey_id: string }) =>
    !hasId(sent, unit.id) &&
    Object.hasOwn(model.arch.storeys, unit.storey_id) &&
    (scope.kind === 'building' || unit.storey_id === scope.storeyId);

  // New ids first over every group, so that a socketed siren can follow its detector.
  const newIds = new Map<string, string>();
  const chosen = DESIGNED_GROUPS.map((group) => {
    const list = (Object.values(units[group]) as DesignedUnit[]).filter(wanted);
    for (const unit of list) {
      const id = isTaken(unit.id) ? freeId(unit.id) : unit.id;
      taken.add(id);
      newIds.set(unit.id, id);
    }
    return [group, list] as const;
  });

  const requests: EditRequest[] = [];
  for (const [group, list] of chosen) {
    for (const unit of list) {
      const id = newIds.get(unit.id)!;
      added[group]++;
      if (group === 'sirens') {
        const siren = unit as Fire['units']['sirens'][string];
        const lock = siren.locked_to;
        // A socket onto a detector that is neither added now nor in the model is let go (the model's cascade does so).
        const lockedTo = !lock ? lock : newIds.has(lock) ? newIds.get(lock)! : hasId(fire, lock) ? lock : '';
        requests.push(setAt(['fire', 'units', 'sirens', id], { ...siren, id, locked_to: lockedTo }));
      } else if (group === 'detectors') {
        requests.push(setAt(['fire', 'units', 'detectors', id], { ...(unit as Fire['units']['detectors'][string]), id }));
      } else {
        requests.push(setAt(['fire', 'units', 'buttons', id], { ...(unit as Fire['units']['buttons'][string]), id }));
      }
    }
  }
  return { requests, added };
}

/** The toast after a run: 'Added 12 detectors, 3 sirens and 2 buttons', or 'Nothing to add'. */
export function designMessage(added: DesignCounts): string {
  const parts = (
    [
      [added.detectors, 'detector'],
      [added.sirens, 'siren'],
      [added.buttons, 'button'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`);
  if (parts.length === 0) return 'Nothing to add';
  const last = parts.pop()!;
  return `Added ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}
