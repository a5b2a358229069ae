import { describe, expect, it } from 'vitest';
import { calcFireCabling } from '@edrf/fire';
import { fireSchema } from '@edrf/model';
import { mergeOptimized, optimizeMessage } from './optimize-edits';
import { routesModel } from '../test-routes';

describe('merging Optimize’s answer', () => {
  it('replaces the Loop routes with the engine’s and keeps the others', () => {
    const sent = routesModel();
    const answer = calcFireCabling({ arch: sent.arch, elec: sent.elec, fire: sent.fire! });
    const next = mergeOptimized(sent, answer)!;
    expect(fireSchema.safeParse(next.fire).success).toBe(true);
    const routes = next.fire!.connections.routes;
    expect(routes.r2).toBe(sent.fire!.connections.routes.r2);
    const loops = Object.values(routes).filter((r) => r.kind === 'Loop');
    expect(loops.length).toBeGreaterThan(0);
    const units = new Set(loops.flatMap((l) => l.slices.flatMap((s) => s.nodes.map((n) => n.unit_id))));
    expect([...units].filter((u) => u.startsWith('d')).sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(optimizeMessage(next)).toMatch(/^\d+ loops?, 5 units$/);
  });

  it('against the model as it is now: a unit deleted meanwhile leaves its node free, an id taken meanwhile moves', () => {
    const sent = routesModel();
    const answer = calcFireCabling({ arch: sent.arch, elec: sent.elec, fire: sent.fire! });
    const now = routesModel();
    delete now.fire!.units.detectors.d2;
    now.fire!.connections.routes['loop-1'] = { ...now.fire!.connections.routes['loop-1']!, kind: 'Direct' };
    const next = mergeOptimized(now, answer)!;
    const routes = next.fire!.connections.routes;
    expect(routes['loop-1']!.kind).toBe('Direct');
    const nodes = Object.values(routes)
      .filter((r) => r.kind === 'Loop')
      .flatMap((r) => r.slices.flatMap((s) => s.nodes.map((n) => n.unit_id)));
    expect(nodes).not.toContain('d2');
    expect(
      Object.values(routes)
        .filter((r) => r.kind === 'Loop')
        .every((r) => r.id !== 'loop-1'),
    ).toBe(true);
  });
});
