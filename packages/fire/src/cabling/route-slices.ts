import type { RouteNode, RouteSlice } from '@edrf/model';
import type { RoutingGraph } from './routing-graph.js';

const samePoint = (a: RouteNode, b: RouteNode) =>
  Math.abs(a.coord[0] - b.coord[0]) < 1e-9 && Math.abs(a.coord[1] - b.coord[1]) < 1e-9 && Math.abs(a.coord[2] - b.coord[2]) < 1e-9;

/**
 * A path of the routing graph as route slices (F§3): consecutive nodes on one storey make a slice, in order. A node
 * standing for a unit is locked to it (unit_id); the others are free. Repeated points inside a slice are dropped
 * (never a locked end). A storey the cable only passes up (or down) through keeps a slice of two nodes at the riser,
 * its floor and its ceiling, so the cable is seen to pass it (issue 34: a slice jumped from the upper storey to the
 * basement past the ground floor); a slice of one unit keeps a free node beside it; slices of one storey left next to
 * each other are merged.
 */
export function pathSlices(g: RoutingGraph, path: readonly number[]): RouteSlice[] {
  return nodeSlices(pathNodes(g, path), (storeyId) => g.storeys.get(storeyId)?.info.storey.height.min_z);
}

/** A node of a cable with the storey it stands on, the pieces route slices are made of. */
export interface StoreyNode {
  storeyId: string;
  node: RouteNode;
}

/** The graph's nodes of a path as route nodes on their storeys (a unit's node locked to it). */
export function pathNodes(g: RoutingGraph, path: readonly number[]): StoreyNode[] {
  return path.map((index) => {
    const node = g.nodes[index]!;
    return { storeyId: node.storeyId, node: { unit_id: node.unitId, coord: [node.x, node.y, node.z] } };
  });
}

/** Route nodes in cable order as route slices (pathSlices' rules); `floorOf` answers a storey's floor level. */
export function nodeSlices(nodes: Iterable<StoreyNode>, floorOf: (storeyId: string) => number | undefined): RouteSlice[] {
  const slices: RouteSlice[] = [];
  let current: RouteSlice | undefined;
  for (const { storeyId, node: routeNode } of nodes) {
    if (!current || current.storey_id !== storeyId) {
      current = { storey_id: storeyId, nodes: [] };
      slices.push(current);
    }
    const last = current.nodes[current.nodes.length - 1];
    if (last && samePoint(last, routeNode)) {
      // Keep the locked one of the two.
      if (routeNode.unit_id !== '' && last.unit_id === '') current.nodes[current.nodes.length - 1] = routeNode;
      else if (routeNode.unit_id !== '' && last.unit_id !== '') current.nodes.push(routeNode);
      continue;
    }
    current.nodes.push(routeNode);
  }
  // A unit standing on a riser (a stairwell's centroid, where the cable passes between storeys) leaves its storey's
  // slice one locked node once the repeated points are dropped: a free node at the same point keeps the unit on the
  // route (dropping the slice lost the unit from its loop).
  slices.forEach((slice, k) => {
    if (slice.nodes.length !== 1) return;
    const [x, y, z] = slice.nodes[0]!.coord;
    if (slice.nodes[0]!.unit_id !== '') {
      slice.nodes.push({ unit_id: '', coord: [x, y, z] });
      return;
    }
    // Passed through: in at the floor from below and out at the ceiling, or the other way round.
    const floor = floorOf(slice.storey_id) ?? z;
    const before = slices[k - 1]?.nodes.at(-1)?.coord[2];
    const fromBelow = before === undefined || before < z;
    const atFloor: RouteNode = { unit_id: '', coord: [x, y, Math.min(floor, z)] };
    slice.nodes = fromBelow ? [atFloor, slice.nodes[0]!] : [slice.nodes[0]!, atFloor];
  });
  // F§4: adjacent slices on one storey are merged (a dropped slice between them).
  const kept: RouteSlice[] = [];
  for (const slice of slices.filter((s) => s.nodes.length >= 2)) {
    const last = kept[kept.length - 1];
    if (last && last.storey_id === slice.storey_id) last.nodes.push(...slice.nodes);
    else kept.push(slice);
  }
  return kept;
}
