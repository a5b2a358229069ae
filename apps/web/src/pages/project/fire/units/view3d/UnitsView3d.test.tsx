/**
 * The units page's 3D mode through the page (docs/fire-units.md '3D mode'), drawn by a stand-in for WebGL (which the
 * test DOM lacks): the mode in the address, the units drawn and highlighted as the view reports them on its element,
 * the plan's keys while the plan is not shown, the storey switch keeping the mode, and the context released on 2D.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Three from 'three';
import { meshCatalogue, type Model } from '@edrf/model';
import { alertsStore } from '../../../../../ui/alerts';
import { testModel } from '../../../../../editor/arch/test-arch';
import { renderProjectPages } from '../../../../../state/test-project';
import { createFireConfigForTest } from '../../test-fire';
import { UnitsPage } from '../UnitsPage';

/** The stand-in renderers made, and how many of them gave their context back. */
const renderers = vi.hoisted(() => ({ made: 0, lost: 0 }));

vi.mock('three', async (importOriginal) => {
  const three = await importOriginal<typeof Three>();
  class FakeRenderer {
    readonly domElement = document.createElement('canvas');
    localClippingEnabled = false;
    readonly info = { render: { calls: 0, triangles: 0 } };
    constructor() {
      renderers.made++;
    }
    setPixelRatio() {}
    setClearColor() {}
    setSize() {}
    dispose() {}
    forceContextLoss() {
      renderers.lost++;
    }
    render(scene: Three.Scene) {
      let calls = 0;
      scene.traverseVisible((object) => {
        if (object instanceof three.Mesh) calls++;
      });
      this.info.render = { calls, triangles: 0 };
    }
  }
  return { ...three, WebGLRenderer: FakeRenderer };
});

beforeEach(() => {
  alertsStore.set([]);
  renderers.made = renderers.lost = 0;
  vi.stubGlobal('requestAnimationFrame', (draw: FrameRequestCallback) => {
    draw(0);
    return 0;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  // The catalogue from the server; the analysis is not answered (the page shows 'Analysis unavailable').
  const catalogue = JSON.stringify(meshCatalogue());
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(url === '/generic_meshes.json' ? new Response(catalogue, { status: 200 }) : new Response('{}', { status: 500 })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The test arch (s0: floor 0, top 3; s1: floor 3, top 6), the SBF module, a detector and a siren on s0. */
function setup(at = '/project/p1/fire/units') {
  const model: Model = { ...testModel(), fire: createFireConfigForTest('Sbf1108') };
  const units = model.fire!.units;
  units.detectors['det-1'] = { id: 'det-1', storey_id: 's0', coord: [1, 1, 2.95], product_id: '', hidden: false };
  units.sirens['sir-1'] = { id: 'sir-1', storey_id: 's0', coord: [3, 1, 2.95], product_id: '', angle: 0, locked_to: '' };
  const rendered = renderProjectPages(model, [{ path: 'fire/units', element: <UnitsPage /> }], at);
  return { ...rendered, search: () => rendered.router.state.location.search };
}

const modeButton = (name: '2D' | '3D') => within(screen.getByRole('group', { name: 'View mode' })).getByRole('button', { name });
const view = () => screen.getByTestId('units-view3d');
const reported = () => ({
  units: (JSON.parse(view().dataset.instances ?? '{}') as { units?: number }).units,
  highlighted: Number(view().dataset.highlighted),
});
const press = (key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
/** A click on the plan at a world point: the plan keeps its first view here (20 px a metre, y up, origin top left). */
function pressPlan(x: number, y: number) {
  const canvas = screen.getByTestId('plan');
  fireEvent.pointerDown(canvas, { clientX: 20 * x, clientY: -20 * y, button: 0, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: 20 * x, clientY: -20 * y, button: 0, pointerId: 1 });
}

describe('the units page in 3D', () => {
  it('the switch puts ?view=3d in the address and the 3D view in the plan’s place; the units are drawn, the selection highlighted', async () => {
    const { search } = setup();
    expect(modeButton('2D').getAttribute('aria-pressed')).toBe('true');
    pressPlan(1, 1);
    expect(screen.getByRole('complementary', { name: 'Properties' }).textContent).toContain('det-1');

    fireEvent.click(modeButton('3D'));
    expect(search()).toContain('view=3d');
    expect(modeButton('3D').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('plan')).toBeNull();
    await waitFor(() => expect(reported()).toEqual({ units: 2, highlighted: 1 }));
    // The unit tools place in 3D too (the rack tools stay on the plan); the selection and its panel stay.
    const toolbar = within(screen.getByRole('toolbar', { name: 'Plan tools' }));
    expect(toolbar.getByRole('button', { name: 'Detector' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('complementary', { name: 'Properties' }).textContent).toContain('det-1');
  });

  it('Delete removes the selection without the plan on screen; ctrl+Z brings it back; Escape clears', async () => {
    const { store } = setup();
    pressPlan(1, 1);
    fireEvent.click(modeButton('3D'));
    await waitFor(() => expect(reported()).toEqual({ units: 2, highlighted: 1 }));
    press('Delete');
    expect(store.getState().model.fire!.units.detectors['det-1']).toBeUndefined();
    await waitFor(() => expect(reported()).toEqual({ units: 1, highlighted: 0 }));
    press('z', { ctrlKey: true });
    expect(store.getState().model.fire!.units.detectors['det-1']).toBeDefined();
    await waitFor(() => expect(reported().units).toBe(2));
    press('Escape');
    await waitFor(() => expect(reported().highlighted).toBe(0));
  });

  it('opens in 3D from the address; another storey keeps the mode; 2D gives the WebGL context back', async () => {
    const { search } = setup('/project/p1/fire/units?view=3d');
    await waitFor(() => expect(reported().units).toBe(2));
    expect(renderers.made).toBe(1);
    fireEvent.click(within(screen.getByRole('list', { name: 'Storeys' })).getByRole('button', { name: /First$/ }));
    expect(new URLSearchParams(search()).get('view')).toBe('3d');
    expect(new URLSearchParams(search()).get('storey')).toBe('s1');
    expect(renderers.made).toBe(1);
    fireEvent.click(modeButton('2D'));
    expect(new URLSearchParams(search()).get('view')).toBeNull();
    expect(new URLSearchParams(search()).get('storey')).toBe('s1');
    expect(screen.queryByTestId('units-view3d')).toBeNull();
    expect(screen.getByTestId('plan')).toBeTruthy();
    expect(renderers.lost).toBe(1);
  });
});
