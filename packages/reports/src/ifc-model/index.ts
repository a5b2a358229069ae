// The IFC model (issue 36): the project's own IFC file with the fire design added, readable by other BIM tools. The
// building's bytes are left as they are, the design's lines put in after them (numbered after its last); a project
// without an IFC file gets a new IFC4 file of its storeys. docs/reports.md, "IFC model".
import { loopFiguresOf } from '@edrf/fire';
import type { Fire, Model } from '@edrf/model';
import { IFCAXIS2PLACEMENT3D, IFCCARTESIANPOINT, IFCGEOMETRICREPRESENTATIONCONTEXT, type IfcAPI } from 'web-ifc';
import { findReport, type ReportFormat } from '../catalogue.js';
import { IFC_MODEL_KEY } from '../request.js';
import type { ReportFile, ReportInput, ReportProgress } from '../report-builder.js';
import { dropIfcApi, ifcApi } from './api.js';
import { Bodies } from './bodies.js';
import { fireUnits, unitKind, writeUnits, type UnitElement } from './elements.js';
import { freshFile, ownGlobalId, writeStructure } from './fresh.js';
import { GlobalIds, globalIdsInText } from './global-ids.js';
import { writeCircuits, writeContainment, writeSections, writeSystem } from './groups.js';
import { Frame, Placements } from './placements.js';
import { FIRE_PSET, LOOP_PSET, writePropertySet } from './properties.js';
import { ownerHistory } from './provenance.js';
import type { Scene, StoreyPlace, Written } from './scene.js';
import { writeCables, writeTrays } from './segments.js';
import { readTarget, storeyMatch, type Target } from './target.js';
import { lastEntityId, fileText, withLines } from './step-file.js';
import { IfcWriter, ref, type Ref } from './writer.js';

/**
 * The project's file as the design's target, read through web-ifc and closed again (the design is written as text),
 * with the number its new lines start after; null when it has no storey to place the design on (a new file is made).
 */
function readOriginal(api: IfcAPI, bytes: Uint8Array, text: string): { target: Target; last: number } | null {
  const model = api.OpenModel(bytes);
  try {
    const target = readTarget(api, model, bytes);
    return target.storeys.length > 0 ? { target, last: Math.max(api.GetMaxExpressID(model), lastEntityId(text)) } : null;
  } finally {
    api.CloseModel(model);
  }
}

/** The file's body context, or a 'Model' context made for the design when the file has none. */
function contextOf(w: IfcWriter, target: Target): Ref {
  if (target.context !== null) return ref(target.context);
  const world = w.add(IFCAXIS2PLACEMENT3D, w.add(IFCCARTESIANPOINT, [0, 0, 0].map(w.fileLength)), null, null);
  return w.add(IFCGEOMETRICREPRESENTATIONCONTEXT, null, w.label('Model'), w.dimensionCount(3), w.real(1e-5), world, null);
}

/** Each unit's address as the plans print it for SBF 110:8 and NFPA 72 ('section.address'), and its section's name. */
function addressesOf(fire: Fire): Map<string, { section: string; address: string }> {
  const out = new Map<string, { section: string; address: string }>();
  for (const section of Object.values(fire.sections))
    for (const [unit, address] of Object.entries(section.addresses))
      out.set(unit, { section: section.name, address: `${section.name}.${address}` });
  return out;
}

/** Writes the design: the units with their property sets, the cables and trays, their storeys, system, circuits and sections. */
function writeDesign(scene: Scene, model: Model, fire: Fire, target: Target, input: ReportInput): void {
  const { w } = scene;
  const addresses = addressesOf(fire);
  const loopFigures = loopFiguresOf({ arch: model.arch, fire });
  const loops = Object.values(fire.connections.routes)
    .filter((route) => route.kind === 'Loop')
    .flatMap((route) => {
      const figures = loopFigures(route.id);
      return figures ? [{ route, figures }] : [];
    });
  const loopOf = new Map(loops.flatMap(({ route, figures }) => figures.members.map((m) => [m.id, route.id] as const)));

  const units: UnitElement[] = fireUnits(fire).map((unit) => {
    const { kind, product } = unitKind(fire, unit, input.regulation);
    const note = unit.group === 'racks' ? fire.units.racks[unit.id]!.label : '';
    return { unit, kind, product, address: addresses.get(unit.id)?.address ?? '', note };
  });
  const written = writeUnits(scene, units);
  for (const { unit, product } of units) {
    const element = written.get(unit.id);
    if (!element) continue;
    const address = addresses.get(unit.id);
    writePropertySet(
      scene,
      `unit:${unit.id}`,
      FIRE_PSET,
      [element.ref],
      [
        ['UnitId', w.identifier(unit.id)],
        ['Address', w.label(address?.address ?? '')],
        ['Section', w.label(address?.section ?? '')],
        ['Product', w.label(product)],
        ['Loop', w.label(loopOf.get(unit.id) ?? '')],
      ],
    );
  }

  const cables = writeCables(scene, fire);
  const trays = writeTrays(scene, model.elec, target.trays);
  const cableElements = [...cables.values()].flat();
  writeContainment(scene, [...written.values(), ...cableElements, ...trays]);
  const system = writeSystem(scene, [...written.values(), ...cableElements], target.building);

  const refsOf = (ids: readonly string[]): Ref[] => ids.flatMap((id) => (written.has(id) ? [written.get(id)!.ref] : []));
  const circuits = writeCircuits(
    scene,
    system,
    loops.map(({ route, figures }) => {
      const nodes = route.slices.flatMap((slice) => slice.nodes);
      const panels = [nodes[0], nodes.at(-1)].flatMap((node) => (node?.unit_id && fire.units.racks[node.unit_id] ? [node.unit_id] : []));
      const members = [...new Set([...panels, ...figures.members.map((m) => m.id)])];
      return { routeId: route.id, members: [...refsOf(members), ...(cables.get(route.id) ?? []).map((c: Written) => c.ref)] };
    }),
  );
  for (const { route, figures } of loops) {
    const circuit = circuits.get(route.id);
    if (!circuit) continue;
    writePropertySet(
      scene,
      `circuit:${route.id}`,
      LOOP_PSET,
      [circuit],
      [
        ['Length', w.length(figures.length)],
        ['Units', w.integer(figures.members.length)],
      ],
    );
  }
  writeSections(scene, model.arch, fire, target.spaces, written);
}

/** The IFC model: one .ifc file. */
export async function* buildIfcModel(input: ReportInput, format: ReportFormat, progress: ReportProgress): AsyncIterable<ReportFile> {
  if (format !== 'ifc') throw new Error(`Report ${IFC_MODEL_KEY} has no ${format} format`);
  const fire = input.model.fire;
  if (!fire) throw new Error(`Report ${IFC_MODEL_KEY} needs a fire model`);
  const api = await ifcApi();
  const names = new Map<number, string>();
  const nameOf = (type: number): string => {
    let name = names.get(type);
    if (name === undefined) names.set(type, (name = api.GetNameFromTypeCode(type).toUpperCase()));
    return name;
  };
  let original: { target: Target; last: number; text: string; bytes: Uint8Array } | null = null;
  try {
    if (input.ifc) {
      const text = fileText(input.ifc);
      const read = readOriginal(api, input.ifc, text);
      if (read) original = { ...read, text, bytes: input.ifc };
    }
  } catch (error) {
    dropIfcApi(error);
    throw error;
  }
  progress(0.2);
  const storeyIds = Object.values(input.model.arch.storeys).map((s) => ownGlobalId(s.global_id));
  const taken = original ? globalIdsInText(original.text) : new Set(storeyIds.filter(Boolean));
  const w = new IfcWriter(
    original?.target.schema ?? 'IFC4',
    new GlobalIds(taken),
    original?.target.scale ?? 1,
    (original?.last ?? 0) + 1,
    nameOf,
  );
  const owner = ownerHistory(w, input.designer, input.date);
  const target = original?.target ?? writeStructure(w, owner, input.model);
  const at = new Placements(w);
  const matched = storeyMatch(Object.values(input.model.arch.storeys), target);
  const storeys = new Map<string, StoreyPlace>(
    [...matched].map(([id, storey]) => [id, { target: storey, frame: new Frame(storey.world, target.scale) }]),
  );
  const scene: Scene = { w, owner, at, bodies: new Bodies(w, at, contextOf(w, target)), storeys };
  writeDesign(scene, input.model, fire, target, input);
  progress(0.9);
  const data = original
    ? withLines(original.bytes, original.text, w.stepText)
    : new TextEncoder().encode(freshFile(input.model, input.designer, input.date, w.stepText));
  yield { name: `${findReport(IFC_MODEL_KEY)?.name ?? IFC_MODEL_KEY}.ifc`, data };
  progress(1);
}
