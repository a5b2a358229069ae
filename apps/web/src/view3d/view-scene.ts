/**
 * The 3D view's three.js scene (P§2, P§4 3D view), driven from View3dPage: one merged mesh per prism
 * layer and one InstancedMesh per catalogue shape, so a whole building is a few dozen draw calls;
 * renderer clipping planes from the clipping box, whose faces are dragged by their handles; the point
 * under the pointer; the orbit target moved onto the surface at the centre 200 ms after a move; clicks on
 * instanced items, and instances drawn highlighted (the units page's selection). Frames are drawn on
 * demand only. Everything made here is disposed by dispose().
 */
import type { BufferGeometry } from 'three';
import {
  AmbientLight,
  BoxGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  OrthographicCamera,
  Plane,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
  type Intersection,
  type Material,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { clipLimits, clipPlanes, insideClip, moveClipFace, type Axis, type Box3Like, type Vec3, type View3dState } from './clip-box';
import { shapeGeometry, type Catalogue } from './catalogue';
import { INSTANCE_LAYERS, PRISM_LAYERS, VIEW_FROM, framingZoom, type InstanceLayer, type Layer3d, type SceneData } from './scene-data';

/** P§9: the camera re-targets this long after the last move. */
export const RETARGET_DELAY_MS = 200;
/** The handles of the clipping box, in CSS pixels on screen. */
const HANDLE_RADIUS_PX = 7;
/** P§9's drag threshold: a press released within this many CSS pixels is a click, farther it was an orbit. */
export const CLICK_TOLERANCE_PX = 5;
/** Highlighted instances (the selection) are drawn in this colour, whatever their own. */
export const HIGHLIGHT_COLOR = 0x00b7ff;
/** At most this many unit instances are reported on the element with their place on screen (data-unit-points). */
const REPORTED_POINTS = 200;

/** Each layer's colour (rooms are white: their colours are per vertex). */
export const LAYER_COLORS: Record<Layer3d, number> = {
  walls: 0xd9d4cc,
  slabs: 0x9aa3ad,
  stairs: 0xb38b59,
  doors: 0x8a5a2b,
  ceilings: 0xe8eef5,
  rooms: 0xffffff,
  // Cable trays stand out from the greys and browns of the building.
  trays: 0xf08a00,
  objects: 0x6f8fa8,
  units: 0xd0342c,
};

export interface View3dSceneEvents {
  /** The model point under the pointer (inside the clip), or null. */
  onPointer(point: Vec3 | null): void;
  /** A face of the clipping box was dragged. */
  onClipBox(box: Box3Like): void;
  /**
   * A click with the main button: the nearest instanced item under it (inside the clip), or null for anything else;
   * and the pointer's ray, for a page that places on a plane of its own (the units page: a storey's ceiling).
   */
  onClick?(hit: InstanceHit | null, shift: boolean, ray: Ray3): void;
  /**
   * A main-button press on an instanced item: true when the page takes it as a drag of its own (moving a unit); the
   * orbit controls then do not see it, and its moves and its release come as onGrabMove and onGrabEnd.
   */
  onGrab?(hit: InstanceHit, ray: Ray3): boolean;
  onGrabMove?(ray: Ray3): void;
  /** The release, with its ray, or a cancel (null). */
  onGrabEnd?(ray: Ray3 | null): void;
}

/** A pointer's ray in model coordinates (a unit direction). */
export interface Ray3 {
  origin: Vec3;
  direction: Vec3;
}

export interface View3dSceneOptions {
  /** Draw the clipping box's edges and handles while clipping (default); a page that sets the box itself hides them. */
  clipBox?: boolean;
}

/** An instanced item: its layer and id. */
export interface InstanceHit {
  layer: InstanceLayer;
  id: string;
}

/** What an instanced mesh carries for picking and highlighting. */
interface InstanceInfo {
  layer: InstanceLayer;
  ids: string[];
  /** The instances' own colours (3 a piece), when they have them. */
  colors?: Float32Array;
  /** The shape's centre, where the instance is reported on screen. */
  centre: Vector3;
}

interface Drag {
  axis: Axis;
  side: 'min' | 'max';
  pointerId: number;
}

export class View3dScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1, 1, 1, -1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly raycaster = new Raycaster();
  private readonly resize: ResizeObserver;
  /** What setData built: disposed when the data changes and at the end. */
  private content: { objects: Map<Layer3d, Object3D[]>; geometries: BufferGeometry[] } = { objects: new Map(), geometries: [] };
  private readonly materials = new Map<Layer3d, Material>();
  /** For instances with colours of their own: white, so the instance colour is the colour drawn. */
  private readonly instanceColored: Material;
  private highlighted: ReadonlySet<string> = new Set();
  /** A main-button press that may become a click. */
  private press: { x: number; y: number; pointerId: number } | null = null;
  private readonly planes = Array.from({ length: 6 }, () => new Plane());
  private readonly boxLines: LineSegments;
  private readonly handles: InstancedMesh;
  private readonly fixed: { geometries: BufferGeometry[]; materials: Material[] };
  private visible: Record<Layer3d, boolean> | null = null;
  private view: View3dState = { use_clip: false, clipping_box: { min: [0, 0, 0], max: [1, 1, 1] } };
  private limits: Box3Like | null = null;
  /** The model's bounds, null when it draws nothing. */
  private bounds: Box3Like | null = null;
  private drag: Drag | null = null;
  /** The pointer of a press the page took (onGrab). */
  private grab: number | null = null;
  private frame = 0;
  private pickFrame = 0;
  private retarget: ReturnType<typeof setTimeout> | undefined;
  private size = { width: 1, height: 1 };

  constructor(
    private readonly host: HTMLElement,
    private readonly events: View3dSceneEvents,
    private readonly options: View3dSceneOptions = {},
  ) {
    this.renderer = new WebGLRenderer({ antialias: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0xf4f6f8);
    this.renderer.localClippingEnabled = true;
    this.renderer.domElement.className = 'view3d-canvas';
    host.append(this.renderer.domElement);

    this.camera.up.set(0, 0, 1);
    this.scene.add(new AmbientLight(0xffffff, 1.6));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(-0.5, -1, 2);
    this.scene.add(sun);

    for (const layer of [...PRISM_LAYERS, ...INSTANCE_LAYERS]) {
      this.materials.set(
        layer,
        new MeshLambertMaterial({
          color: LAYER_COLORS[layer],
          side: DoubleSide,
          vertexColors: layer === 'rooms',
          polygonOffset: true,
          polygonOffsetFactor: 1,
        }),
      );
    }
    this.instanceColored = new MeshLambertMaterial({ color: 0xffffff, side: DoubleSide });

    const boxGeometry = new EdgesGeometry(new BoxGeometry(1, 1, 1));
    const lineMaterial = new LineBasicMaterial({ color: 0x1f6fd6 });
    this.boxLines = new LineSegments(boxGeometry, lineMaterial);
    const handleGeometry = new SphereGeometry(1, 16, 12);
    const handleMaterial = new MeshBasicMaterial({ color: 0x1f6fd6 });
    this.handles = new InstancedMesh(handleGeometry, handleMaterial, 6);
    this.handles.frustumCulled = false;
    this.boxLines.visible = this.handles.visible = false;
    this.scene.add(this.boxLines, this.handles);
    this.fixed = { geometries: [boxGeometry, handleGeometry], materials: [lineMaterial, handleMaterial] };

    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', this.requestRender);
    this.controls.addEventListener('start', this.cancelRetarget);
    this.controls.addEventListener('end', this.scheduleRetarget);

    // Capture phase: a press on a handle is a box drag and never reaches the orbit controls.
    host.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    host.addEventListener('pointermove', this.onPointerMove);
    host.addEventListener('pointerup', this.onPointerUp);
    host.addEventListener('pointercancel', this.onPointerUp);
    host.addEventListener('pointerleave', this.onPointerLeave);
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(host);
    this.fitSize();
  }

  /**
   * Replaces what is drawn; the first data also places the camera, framing `frame` (by default the whole
   * model, framingZoom).
   */
  setData(data: SceneData, catalogue: Catalogue, frame: Box3Like | null = data.bounds) {
    const first = this.limits === null;
    this.disposeContent();
    const objects = new Map<Layer3d, Object3D[]>();
    const geometries: BufferGeometry[] = [];
    for (const layer of PRISM_LAYERS) {
      const batch = data.prisms[layer];
      if (batch.count === 0) continue;
      const geometry = batch.toGeometry();
      geometries.push(geometry);
      const mesh = new Mesh(geometry, this.materials.get(layer));
      objects.set(layer, [mesh]);
    }
    const shapes = new Map<string, BufferGeometry>();
    for (const layer of INSTANCE_LAYERS) {
      const meshes = data.instances[layer].map((group) => {
        let geometry = shapes.get(group.shape);
        if (!geometry) {
          geometry = shapeGeometry(catalogue.shapes[group.shape]!);
          shapes.set(group.shape, geometry);
          geometries.push(geometry);
        }
        const material = group.colors ? this.instanceColored : this.materials.get(layer);
        const mesh = new InstancedMesh(geometry, material, group.ids.length);
        mesh.instanceMatrix.array.set(group.matrices);
        mesh.instanceMatrix.needsUpdate = true;
        if (group.colors) mesh.instanceColor = new InstancedBufferAttribute(group.colors.slice(), 3);
        geometry.computeBoundingBox();
        const info: InstanceInfo = { layer, ids: group.ids, colors: group.colors, centre: geometry.boundingBox!.getCenter(new Vector3()) };
        mesh.userData = info;
        mesh.computeBoundingBox();
        mesh.computeBoundingSphere();
        return mesh;
      });
      if (meshes.length > 0) objects.set(layer, meshes);
    }
    for (const list of objects.values()) this.scene.add(...list);
    this.content = { objects, geometries };
    this.limits = data.bounds ? clipLimits(data.bounds) : { min: [-1, -1, -1], max: [1, 1, 1] };
    this.bounds = data.bounds;
    if (first) this.placeCamera(frame);
    this.applyHighlight();
    this.applyVisibility();
    this.requestRender();
  }

  setLayers(visible: Record<Layer3d, boolean>) {
    this.visible = visible;
    this.applyVisibility();
    this.requestRender();
  }

  /** Instances whose id is in `ids` are drawn in HIGHLIGHT_COLOR (those with colours of their own); only colours change. */
  setHighlighted(ids: ReadonlySet<string>) {
    this.highlighted = ids;
    this.applyHighlight();
    this.requestRender();
  }

  setView(view: View3dState) {
    this.view = view;
    const { min, max } = view.clipping_box;
    clipPlanes(view.clipping_box).forEach(({ normal, constant }, i) => this.planes[i]!.set(new Vector3(...normal), constant));
    for (const material of [...this.materials.values(), this.instanceColored]) {
      const planes = view.use_clip ? this.planes : null;
      if (material.clippingPlanes !== planes) {
        material.clippingPlanes = planes;
        material.needsUpdate = true;
      }
    }
    this.boxLines.visible = this.handles.visible = view.use_clip && this.options.clipBox !== false;
    this.boxLines.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
    this.boxLines.scale.set(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    this.requestRender();
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.pickFrame);
    this.cancelRetarget();
    this.resize.disconnect();
    this.host.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.host.removeEventListener('pointermove', this.onPointerMove);
    this.host.removeEventListener('pointerup', this.onPointerUp);
    this.host.removeEventListener('pointercancel', this.onPointerUp);
    this.host.removeEventListener('pointerleave', this.onPointerLeave);
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.removeEventListener('start', this.cancelRetarget);
    this.controls.removeEventListener('end', this.scheduleRetarget);
    this.controls.dispose();
    this.disposeContent();
    for (const material of this.materials.values()) material.dispose();
    this.instanceColored.dispose();
    for (const geometry of this.fixed.geometries) geometry.dispose();
    for (const material of this.fixed.materials) material.dispose();
    this.handles.dispose();
    this.renderer.dispose();
    // Browsers keep a handful of WebGL contexts: give this one back now, not at garbage collection.
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }

  readonly requestRender = () => {
    if (this.frame === 0) this.frame = requestAnimationFrame(this.render);
  };

  private readonly render = () => {
    this.frame = 0;
    this.placeHandles();
    this.renderer.render(this.scene, this.camera);
    // Figures for tests and for anyone checking the cost of a scene.
    const data = this.host.dataset;
    data.drawCalls = String(this.renderer.info.render.calls);
    data.triangles = String(this.renderer.info.render.triangles);
    data.zoom = this.camera.zoom.toFixed(4);
    data.target = this.controls.target
      .toArray()
      .map((v) => v.toFixed(3))
      .join(' ');
    const counts = this.instanceCounts();
    data.instances = JSON.stringify(counts.drawn);
    data.highlighted = String(counts.highlighted);
    data.unitPoints = JSON.stringify(this.unitPoints());
    data.handles = this.boxLines.visible ? JSON.stringify(this.handleCentres().map((p) => this.toScreen(p))) : '';
    data.modelBox = this.bounds ? JSON.stringify(this.screenBox(this.bounds)) : '';
  };

  private disposeContent() {
    for (const list of this.content.objects.values()) {
      for (const object of list) {
        this.scene.remove(object);
        if (object instanceof InstancedMesh) object.dispose();
      }
    }
    for (const geometry of this.content.geometries) geometry.dispose();
    this.content = { objects: new Map(), geometries: [] };
  }

  /** Each instanced mesh's info, with the mesh. */
  private *instancedMeshes(): Generator<[InstancedMesh, InstanceInfo]> {
    for (const layer of INSTANCE_LAYERS) {
      for (const object of this.content.objects.get(layer) ?? []) {
        if (object instanceof InstancedMesh) yield [object, object.userData as InstanceInfo];
      }
    }
  }

  private applyHighlight() {
    const colour = new Color(HIGHLIGHT_COLOR);
    for (const [mesh, info] of this.instancedMeshes()) {
      if (!info.colors || !mesh.instanceColor) continue;
      const array = mesh.instanceColor.array as Float32Array;
      info.ids.forEach((id, i) => {
        if (this.highlighted.has(id)) colour.toArray(array, i * 3);
        else array.set(info.colors!.subarray(i * 3, i * 3 + 3), i * 3);
      });
      mesh.instanceColor.needsUpdate = true;
    }
  }

  /** Instances drawn, per layer (visible meshes only), and how many of them are highlighted. */
  private instanceCounts(): { drawn: Record<InstanceLayer, number>; highlighted: number } {
    const drawn = Object.fromEntries(INSTANCE_LAYERS.map((layer) => [layer, 0])) as Record<InstanceLayer, number>;
    let highlighted = 0;
    for (const [mesh, info] of this.instancedMeshes()) {
      if (!mesh.visible) continue;
      drawn[info.layer] += info.ids.length;
      if (info.colors) highlighted += info.ids.filter((id) => this.highlighted.has(id)).length;
    }
    return { drawn, highlighted };
  }

  /** Where the fire units the clip keeps are on screen (CSS pixels on the element), for tests: at most REPORTED_POINTS. */
  private unitPoints(): Record<string, [number, number]> {
    const points: Record<string, [number, number]> = {};
    let count = 0;
    const m = new Matrix4();
    for (const [mesh, info] of this.instancedMeshes()) {
      if (info.layer !== 'units' || !mesh.visible) continue;
      for (let i = 0; i < info.ids.length && count < REPORTED_POINTS; i++) {
        mesh.getMatrixAt(i, m);
        const p = info.centre.clone().applyMatrix4(m);
        if (!insideClip(this.view, p.toArray())) continue;
        points[info.ids[i]!] = this.toScreen(p);
        count++;
      }
    }
    return points;
  }

  private applyVisibility() {
    for (const [layer, list] of this.content.objects) for (const object of list) object.visible = this.visible?.[layer] ?? true;
  }

  private fitSize() {
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    this.size = { width, height };
    this.renderer.setSize(width, height);
    // The frustum is in CSS pixels, so the zoom is pixels per metre.
    Object.assign(this.camera, { left: -width / 2, right: width / 2, top: height / 2, bottom: -height / 2 });
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  private placeCamera(bounds: Box3Like | null) {
    const min = new Vector3(...(bounds?.min ?? [-1, -1, -1]));
    const max = new Vector3(...(bounds?.max ?? [1, 1, 1]));
    const centre = min.clone().add(max).multiplyScalar(0.5);
    const reach = Math.max(1, max.distanceTo(min));
    this.camera.position.copy(centre).add(new Vector3(...VIEW_FROM).normalize().multiplyScalar(reach * 2));
    this.camera.near = 0.01;
    this.camera.far = reach * 10;
    this.camera.zoom = framingZoom(bounds, this.size.width, this.size.height);
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.update();
  }

  /** The centres of the six faces, in the order x min, x max, y min, y max, z min, z max. */
  private handleCentres(): Vector3[] {
    const { min, max } = this.view.clipping_box;
    const centre = new Vector3((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
    return [0, 1, 2].flatMap((axis) => [min, max].map((face) => centre.clone().setComponent(axis, face[axis]!)));
  }

  private placeHandles() {
    if (!this.view.use_clip) return;
    const radius = HANDLE_RADIUS_PX / this.camera.zoom;
    const m = new Matrix4();
    this.handleCentres().forEach((p, i) => this.handles.setMatrixAt(i, m.makeScale(radius, radius, radius).setPosition(p)));
    this.handles.instanceMatrix.needsUpdate = true;
    this.handles.computeBoundingSphere();
  }

  /** The model's bounds on screen: [left, top, right, bottom] of their eight corners, in CSS pixels on the element. */
  private screenBox(bounds: Box3Like): [number, number, number, number] {
    const corners = Array.from({ length: 8 }, (_, corner) =>
      this.toScreen(new Vector3(...[0, 1, 2].map((axis) => ((corner >> axis) & 1 ? bounds.max[axis]! : bounds.min[axis]!)))),
    );
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }

  private toScreen(p: Vector3): [number, number] {
    const v = p.clone().project(this.camera);
    return [Math.round(((v.x + 1) / 2) * this.size.width), Math.round(((1 - v.y) / 2) * this.size.height)];
  }

  private ndc(event: PointerEvent): Vector2 {
    const rect = this.renderer.domElement.getBoundingClientRect();
    return new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
  }

  /** The nearest drawn surface point along the ray that the clip keeps. */
  private pick(ndc: Vector2): Vector3 | null {
    return this.pickHit(ndc)?.point.clone() ?? null;
  }

  /** The nearest hit on a visible layer along the ray that the clip keeps. */
  private pickHit(ndc: Vector2): Intersection | null {
    this.raycaster.setFromCamera(ndc, this.camera);
    const targets: Object3D[] = [];
    for (const list of this.content.objects.values()) for (const object of list) if (object.visible) targets.push(object);
    const hits: Intersection[] = this.raycaster.intersectObjects(targets, false);
    return hits.find((h) => insideClip(this.view, h.point.toArray())) ?? null;
  }

  /** The instanced item under a point of the view, or null when the nearest thing there is not one (or nothing is). */
  private pickInstance(ndc: Vector2): InstanceHit | null {
    const hit = this.pickHit(ndc);
    if (!hit || hit.instanceId === undefined || !(hit.object instanceof InstancedMesh)) return null;
    const info = hit.object.userData as InstanceInfo;
    const id = info.ids[hit.instanceId];
    return id === undefined ? null : { layer: info.layer, id };
  }

  private readonly cancelRetarget = () => {
    clearTimeout(this.retarget);
    this.retarget = undefined;
  };

  /** P§4: 200 ms after a move, orbit around the surface at the centre of the view (the picture does not move). */
  private readonly scheduleRetarget = () => {
    this.cancelRetarget();
    this.retarget = setTimeout(() => {
      this.retarget = undefined;
      const point = this.pick(new Vector2(0, 0));
      if (!point) return;
      this.controls.target.copy(point);
      this.controls.update();
      this.requestRender();
    }, RETARGET_DELAY_MS);
  };

  /** The ray under a pointer event. */
  private rayOf(event: PointerEvent): Ray3 {
    this.raycaster.setFromCamera(this.ndc(event), this.camera);
    const { origin, direction } = this.raycaster.ray;
    return { origin: origin.toArray(), direction: direction.toArray() };
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    this.press = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
    const grabbed = this.events.onGrab && !event.shiftKey ? this.pickInstance(this.ndc(event)) : null;
    if (grabbed && this.events.onGrab!(grabbed, this.rayOf(event))) {
      event.stopPropagation();
      event.preventDefault();
      this.press = null;
      this.grab = event.pointerId;
      this.renderer.domElement.setPointerCapture(event.pointerId);
      return;
    }
    if (!this.boxLines.visible) return;
    this.raycaster.setFromCamera(this.ndc(event), this.camera);
    const hit = this.raycaster.intersectObject(this.handles, false)[0];
    if (hit?.instanceId === undefined) return;
    event.stopPropagation();
    event.preventDefault();
    this.press = null;
    this.drag = {
      axis: Math.floor(hit.instanceId / 2) as Axis,
      side: hit.instanceId % 2 === 0 ? 'min' : 'max',
      pointerId: event.pointerId,
    };
    this.renderer.domElement.setPointerCapture(event.pointerId);
  };

  private readonly onPointerMove = (event: PointerEvent) => {
    if (this.grab === event.pointerId) return this.events.onGrabMove?.(this.rayOf(event));
    if (this.drag && event.pointerId === this.drag.pointerId) return this.dragTo(event);
    const ndc = this.ndc(event);
    cancelAnimationFrame(this.pickFrame);
    this.pickFrame = requestAnimationFrame(() => {
      const point = this.pick(ndc);
      this.events.onPointer(point ? point.toArray() : null);
    });
  };

  /** The face follows the point of its axis line nearest to the pointer's ray. */
  private dragTo(event: PointerEvent) {
    const { axis, side } = this.drag!;
    this.raycaster.setFromCamera(this.ndc(event), this.camera);
    const { origin, direction } = this.raycaster.ray;
    const anchor = this.handleCentres()[axis * 2 + (side === 'min' ? 0 : 1)]!;
    const u = new Vector3().setComponent(axis, 1);
    const w0 = anchor.clone().sub(origin);
    const b = u.dot(direction);
    const denom = 1 - b * b;
    // An axis seen end-on cannot be dragged along.
    if (denom < 1e-6 || !this.limits) return;
    const t = (b * direction.dot(w0) - u.dot(w0)) / denom;
    const box = moveClipFace(this.view.clipping_box, this.limits, axis, side, anchor.getComponent(axis) + t);
    this.setView({ ...this.view, clipping_box: box });
    this.events.onClipBox(box);
  }

  private readonly onPointerUp = (event: PointerEvent) => {
    if (this.grab === event.pointerId) {
      this.grab = null;
      if (this.renderer.domElement.hasPointerCapture(event.pointerId)) this.renderer.domElement.releasePointerCapture(event.pointerId);
      this.events.onGrabEnd?.(event.type === 'pointerup' ? this.rayOf(event) : null);
      return;
    }
    const press = this.press;
    if (press && event.pointerId === press.pointerId) {
      this.press = null;
      if (event.type === 'pointerup' && Math.hypot(event.clientX - press.x, event.clientY - press.y) <= CLICK_TOLERANCE_PX) {
        const hit = this.pickInstance(this.ndc(event));
        this.events.onClick?.(hit, event.shiftKey, this.rayOf(event));
      }
    }
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    this.drag = null;
    if (this.renderer.domElement.hasPointerCapture(event.pointerId)) this.renderer.domElement.releasePointerCapture(event.pointerId);
  };

  private readonly onPointerLeave = () => {
    cancelAnimationFrame(this.pickFrame);
    if (!this.drag) this.events.onPointer(null);
  };
}
