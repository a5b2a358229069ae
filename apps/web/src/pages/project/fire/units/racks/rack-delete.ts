import type { ItemRef, Model, Route } from '@edrf/model';
import { confirmAction } from '../../../../../ui/confirm';
import { rackDisplayLabel } from './rack-edits';

/**
 * Issue 34: deleting a rack takes its central and power supplies (the model's cascade) and its loops: a loop from a
 * rack that is gone is no design (its ends would hang loose). The designer is asked first, with what goes named from
 * the model before and after the delete.
 */

/** The items a delete of `refs` removes: with each rack picked, the loops and the routes between racks ending on it. */
export function withRackRoutes(model: Model, refs: readonly ItemRef[]): ItemRef[] {
  const racks = new Set(refs.filter((r) => r.kind === 'fire.units.racks').map((r) => r.id));
  if (racks.size === 0) return [...refs];
  const picked = new Set(refs.map((r) => `${r.kind}/${r.id}`));
  const loops = Object.values(model.fire?.connections.routes ?? {})
    .filter((route) => route.kind !== 'Direct' && !picked.has(`fire.connections.routes/${route.id}`))
    .filter((route) => {
      const nodes = route.slices.flatMap((s) => s.nodes);
      return [nodes[0], nodes.at(-1)].some((n) => n && racks.has(n.unit_id));
    })
    .map((route): ItemRef => ({ kind: 'fire.connections.routes', id: route.id }));
  return [...refs, ...loops];
}

/** What a delete takes away besides the items picked: routes by kind, their cable, rack units by kind. */
export interface DeleteLoss {
  loops: number;
  /** Routes between racks. */
  rackRoutes: number;
  /** Other routes (direct). */
  routes: number;
  /** Metres of cable of the routes that go, along their nodes in 3D. */
  metres: number;
  centrals: number;
  powerSupplies: number;
  plinths: number;
  others: number;
}

/** A route's cable in metres: node to node in 3D over its slices (a storey change included). */
export const routeMetres = (route: Route): number => {
  const nodes = route.slices.flatMap((s) => s.nodes);
  let sum = 0;
  for (let k = 1; k < nodes.length; k++) {
    const [a, b] = [nodes[k - 1]!.coord, nodes[k]!.coord];
    sum += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  }
  return sum;
};

/** What goes from `before` to `after` beyond the picked items (`refs`: what the designer asked to delete). */
export function deleteLoss(before: Model, after: Model, refs: readonly ItemRef[] = []): DeleteLoss {
  const b = before.fire?.connections;
  const a = after.fire?.connections;
  if (!b) return { loops: 0, rackRoutes: 0, routes: 0, metres: 0, centrals: 0, powerSupplies: 0, plinths: 0, others: 0 };
  const picked = new Set(refs.map((r) => r.id));
  const gone = <T>(was: Readonly<Record<string, T>>, now: Readonly<Record<string, T>> | undefined): T[] =>
    Object.entries(was)
      .filter(([id]) => !picked.has(id) && !(now && Object.hasOwn(now, id)))
      .map(([, v]) => v);
  const routes = gone(b.routes, a?.routes);
  return {
    loops: routes.filter((r) => r.kind === 'Loop').length,
    rackRoutes: routes.filter((r) => r.kind === 'RackToRack').length,
    routes: routes.filter((r) => r.kind === 'Direct').length,
    metres: routes.reduce((s, r) => s + routeMetres(r), 0),
    centrals: gone(b.centrals, a?.centrals).length,
    powerSupplies: gone(b.power_supplies, a?.power_supplies).length,
    plinths: gone(b.plinths, a?.plinths).length,
    others: gone(b.others, a?.others).length,
  };
}

const count = (n: number, one: string, many = `${one}s`) => (n > 0 ? `${n} ${n === 1 ? one : many}` : '');

/** '3 loops, 1,083 m of cable, 1 central, 1 power supply': what goes, in a designer's words. */
export function lossText(loss: DeleteLoss): string {
  return [
    count(loss.loops, 'loop'),
    count(loss.rackRoutes, 'route between racks', 'routes between racks'),
    count(loss.routes, 'other route'),
    loss.loops + loss.rackRoutes + loss.routes > 0 ? `${Math.round(loss.metres).toLocaleString('en-US')} m of cable` : '',
    count(loss.centrals, 'central'),
    count(loss.powerSupplies, 'power supply', 'power supplies'),
    count(loss.plinths, 'plinth'),
    count(loss.others, 'other rack unit'),
  ]
    .filter(Boolean)
    .join(', ');
}

export const RACK_DELETE_MESSAGES = {
  title: (racks: string) => `Delete ${racks}?`,
  message: (loss: string) => `This also deletes ${loss}. One Undo brings it all back.`,
  confirm: 'Delete',
} as const;

/** The question before a delete that takes routes with it (a rack's loops); null when it needs none. */
export function rackDeleteQuestion(before: Model, refs: readonly ItemRef[], after: Model): { title: string; message: string } | null {
  const loss = deleteLoss(before, after, refs);
  const rackIds = refs.filter((r) => r.kind === 'fire.units.racks').map((r) => r.id);
  if (rackIds.length === 0 || loss.loops + loss.rackRoutes + loss.routes === 0) return null;
  const fire = before.fire!;
  const names = rackIds.map((id) => (fire.units.racks[id] ? rackDisplayLabel(fire, fire.units.racks[id]) || id : id));
  const racks = names.length === 1 ? `rack ${names[0]}` : `racks ${names.join(', ')}`;
  return { title: RACK_DELETE_MESSAGES.title(racks), message: RACK_DELETE_MESSAGES.message(lossText(loss)) };
}

/**
 * Deletes at once when nothing beyond the picked goes; else asks first and deletes on confirm (Cancel changes
 * nothing). `remove(model)` applies the delete to the model as it is then (the dialog may have let time pass).
 */
export function deleteAsking(before: Model, refs: readonly ItemRef[], after: Model, remove: () => void): void {
  const question = rackDeleteQuestion(before, refs, after);
  if (!question) return remove();
  void confirmAction({ ...question, confirmLabel: RACK_DELETE_MESSAGES.confirm, danger: true }).then((ok) => ok && remove());
}
