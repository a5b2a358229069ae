/**
 * The 3D view with its layers box and clipping, drawn by a stand-in for WebGL (which the test DOM lacks): the
 * stand-in renderer goes through the scene as three.js would and notes, per layer colour, the triangles it
 * would draw. A triangle counts when it is on a visible mesh and one of its corners is kept by the material's
 * clipping planes (enough for boxes that keep or drop a whole item, which is what these tests use).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Three from 'three';
import type { Material, Mesh, MeshLambertMaterial, Scene } from 'three';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { WORKING_VERSION, emptyModel, meshCatalogue, newTray, slabSchema, type Model } from '@edrf/model';
import { currentUserKey } from '../api/auth';
import { ProjectStore } from '../state/project-store';
import { ProjectStoreContext } from '../state/use-project';
import { buildSceneData, type Layer3d } from './scene-data';
import { LAYER_COLORS, View3dScene } from './view-scene';
import { View3dPage } from './View3dPage';

/** What each stand-in renderer drew last: triangles by material colour. */
const renderers = vi.hoisted(() => [] as { drawn: Map<number, number> }[]);

vi.mock('three', async (importOriginal) => {
  const three = await importOriginal<typeof Three>();
  class FakeRenderer {
    readonly domElement = document.createElement('canvas');
    localClippingEnabled = false;
    readonly info = { render: { calls: 0, triangles: 0 } };
    drawn = new Map<number, number>();
    constructor() {
      renderers.push(this);
    }
    setPixelRatio() {}
    setClearColor() {}
    setSize() {}
    dispose() {}
    forceContextLoss() {}

    render(scene: Scene) {
      scene.updateMatrixWorld();
      const drawn = new Map<number, number>();
      let calls = 0;
      scene.traverseVisible((object) => {
        if (object instanceof three.LineSegments) calls++;
        if (!(object instanceof three.Mesh)) return;
        calls++;
        const color = (object.material as MeshLambertMaterial).color.getHex();
        drawn.set(color, (drawn.get(color) ?? 0) + this.triangles(object));
      });
      this.drawn = drawn;
      this.info.render = { calls, triangles: [...drawn.values()].reduce((a, b) => a + b, 0) };
    }

    private triangles(mesh: Mesh): number {
      const position = mesh.geometry.getAttribute('position');
      const index = mesh.geometry.index;
      const corners = index ? Array.from(index.array) : Array.from({ length: position.count }, (_, i) => i);
      const planes = this.localClippingEnabled ? ((mesh.material as Material).clippingPlanes ?? []) : [];
      const instanced = mesh instanceof three.InstancedMesh ? mesh : null;
      const [m, instance, v] = [new three.Matrix4(), new three.Matrix4(), new three.Vector3()];
      let count = 0;
      for (let k = 0; k < (instanced?.count ?? 1); k++) {
        m.copy(mesh.matrixWorld);
        if (instanced) m.multiply((instanced.getMatrixAt(k, instance), instance));
        for (let t = 0; t + 2 < corners.length; t += 3) {
          const kept = [0, 1, 2].some((c) => {
            v.fromBufferAttribute(position, corners[t + c]!).applyMatrix4(m);
            return planes.every((plane) => plane.distanceToPoint(v) >= -1e-9);
          });
          if (kept) count++;
        }
      }
      return count;
    }
  }
  return { ...three, WebGLRenderer: FakeRenderer };
});

beforeEach(() => {
  renderers.length = 0;
  // Frames are drawn at once, not at the next animation frame.
  vi.stubGlobal('requestAnimationFrame', (draw: FrameRequestCallback) => {
    draw(0);
    return 0;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const catalogue = meshCatalogue();

/** A 10 × 4 floor slab 0.2 thick at z 0, a tray along x under the first storey's top, and a vertical tray up from it. */
function model(): Model {
  const base = emptyModel();
  const slab = slabSchema.parse({
    id: 'f',
    shape: {
      exterior: [
        [0, 0],
        [10, 0],
        [10, 4],
        [0, 4],
      ],
      interiors: [],
    },
    min_z: 0,
    max_z: 0.2,
  });
  return {
    ...base,
    arch: { ...base.arch, slabs: { f: slab } },
    elec: {
      trays: {
        h: newTray('h', 's0', [1, 2, 2.95], [9, 2, 2.95]),
        v: newTray('v', 's0', [9, 2, 2.95], [9, 2, 5.95], 's1'),
      },
    },
  };
}

/** The triangles last drawn in a layer's colour. */
const drawn = (layer: Layer3d) => renderers.at(-1)!.drawn.get(LAYER_COLORS[layer]) ?? 0;

/** Each tray is a box: two caps and four sides of two triangles. A box-shaped slab is the same. */
const BOX = 12;

function renderPage() {
  const store = new ProjectStore(
    { projectId: 'p1', model: model(), identity: WORKING_VERSION, parent: null, workingRevision: 'rev-1', versionComment: null },
    { transport: { sync: () => Promise.reject(new Error('unused')), save: () => Promise.reject(new Error('unused')) } },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserKey, { email: 'thea@example.com', is_admin: true });
  client.setQueryData(['generic_meshes'], catalogue);
  const Workspace = () => (
    <ProjectStoreContext value={store}>
      <Outlet />
    </ProjectStoreContext>
  );
  const router = createMemoryRouter(
    [{ path: '/project/p1', element: <Workspace />, children: [{ path: 'model/3d', element: <View3dPage /> }] }],
    {
      initialEntries: ['/project/p1/model/3d'],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the layers box of the 3D view', () => {
  it('lists Trays with the other layers, checked at first', () => {
    renderPage();
    const layers = within(screen.getByRole('group', { name: '3D layers' }));
    expect(layers.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual([
      'Walls',
      'Slabs',
      'Stairs',
      'Doors',
      'Ceilings',
      'Rooms',
      'Trays',
      'Other objects',
    ]);
    expect(layers.getByLabelText<HTMLInputElement>('Trays').checked).toBe(true);
  });

  it('draws the trays, and not while Trays is unchecked', () => {
    renderPage();
    const host = screen.getByTestId('view3d');
    expect(drawn('trays')).toBe(2 * BOX);
    expect(drawn('slabs')).toBe(BOX);
    expect(host.dataset.triangles).toBe(String(3 * BOX));
    const trays = within(screen.getByRole('group', { name: '3D layers' })).getByLabelText('Trays');
    fireEvent.click(trays);
    expect(drawn('trays')).toBe(0);
    expect(drawn('slabs')).toBe(BOX);
    expect(host.dataset.triangles).toBe(String(BOX));
    fireEvent.click(trays);
    expect(drawn('trays')).toBe(2 * BOX);
  });
});

describe('the 3D scene', () => {
  it('clips the trays to the box like the other layers', () => {
    const host = document.createElement('div');
    const scene = new View3dScene(host, { onPointer: () => {}, onClipBox: () => {} });
    try {
      const data = buildSceneData(model(), catalogue);
      scene.setData(data, catalogue);
      expect(drawn('trays')).toBe(2 * BOX);
      // A box around the slab only: the trays (2.89 m and up) are outside it.
      scene.setView({ use_clip: true, clipping_box: { min: [-1, -1, -1], max: [11, 5, 1] } });
      expect(drawn('trays')).toBe(0);
      expect(drawn('slabs')).toBe(BOX);
      // A box from 2 m up: the trays and not the slab.
      scene.setView({ use_clip: true, clipping_box: { min: [-1, -1, 2], max: [11, 5, 7] } });
      expect(drawn('trays')).toBe(2 * BOX);
      expect(drawn('slabs')).toBe(0);
      // Clip off: everything again.
      scene.setView({ use_clip: false, clipping_box: { min: [-1, -1, 2], max: [11, 5, 7] } });
      expect(drawn('trays')).toBe(2 * BOX);
      expect(drawn('slabs')).toBe(BOX);
    } finally {
      scene.dispose();
    }
  });
});
