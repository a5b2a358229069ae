// The IFC model of real buildings of the corpus (../shared/ifc or IFC_CORPUS) designed as 'Design all' designs them,
// opened as another BIM tool opens it (web-ifc, read-back.ts) and read again by our own import. Skipped, with a
// message, where the corpus is absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIfc, type IfcExtraction } from '@edrf/ifc';
import { loopFiguresOf } from '@edrf/fire';
import type { Fire, Model, Regulation } from '@edrf/model';
import {
  IFCALARM,
  IFCALARMTYPE,
  IFCBUILDINGSTOREY,
  IFCCABLECARRIERSEGMENT,
  IFCCABLECARRIERSEGMENTTYPE,
  IFCCABLESEGMENT,
  IFCDISTRIBUTIONCIRCUIT,
  IFCDISTRIBUTIONCONTROLELEMENT,
  IFCDISTRIBUTIONSYSTEM,
  IFCELECTRICALCIRCUIT,
  IFCELECTRICDISTRIBUTIONPOINT,
  IFCFLOWSEGMENT,
  IFCGROUP,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCRELSERVICESBUILDINGS,
  IFCSENSOR,
  IFCSENSORTYPE,
  IFCSPACE,
  IFCSYSTEM,
  IFCUNITARYCONTROLELEMENT,
  IFCZONE,
} from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref, refs } from '@edrf/ifc';
import { findReport } from '../catalogue.js';
import { BUILDERS, renderReport } from '../render.js';
import type { ReportInput } from '../report-builder.js';
import { designedModel } from '../plans/designed.js';
import { buildIfcModel } from './index.js';
import { FIRE_PSET, LOOP_PSET } from './properties.js';
import { ReadBack, stepLines, type PropertyValue } from './read-back.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = process.env.IFC_CORPUS ?? path.resolve(repoRoot, '../shared/ifc');
const IFC4_FILE = 'AC20-FZK-Haus.ifc';
const IFC2X3_FILE = 'House.ifc';
const present = fs.existsSync(path.join(corpus, IFC4_FILE)) && fs.existsSync(path.join(corpus, IFC2X3_FILE));
if (!present) console.warn(`IFC corpus not found at ${corpus} (set IFC_CORPUS): the IFC model's tests are skipped.`);

const TITLE = { date: '2026-11-28', documentStatus: 'Bygghandling', designer: 'anna@example.se', revision: 'A' };
const GROUPS = ['racks', 'detectors', 'sirens', 'buttons', 'ios', 'others'] as const;
type Unit = { id: string; storey_id: string; coord: [number, number, number]; angle?: number; product_id?: string };
const unitsOf = (fire: Fire) => GROUPS.flatMap((group) => Object.values<Unit>(fire.units[group]).map((unit) => ({ ...unit, group })));

async function exportIfc(model: Model, regulation: Regulation, ifc: Uint8Array | undefined): Promise<Uint8Array> {
  const files = [];
  for await (const file of buildIfcModel({ model, regulation, ...TITLE, ifc }, 'ifc', () => {})) files.push(file);
  expect(files.map((f) => f.name)).toEqual(['IFC model.ifc']);
  return files[0]!.data;
}

/** A tray drawn in the app on the lowest storey (the import reads cable carrier segments back as trays). */
function withDrawnTray(model: Model): Model {
  const storey = Object.values(model.arch.storeys).sort((a, b) => a.height.min_z - b.height.min_z)[0]!;
  const z = storey.height.max_z - 0.3;
  const tray = {
    id: 'tray-drawn',
    storey_id: storey.id,
    to_storey_id: '',
    start: [1, 1, z] as [number, number, number],
    end: [6, 3, z] as [number, number, number],
    width: 0.3,
  };
  return { ...model, elec: { trays: { [tray.id]: tray } } };
}

/** What both corpus buildings are checked for: the design's elements read back, and the building as it was. */
function corpusChecks(file: string, regulation: Regulation, schema: 'IFC4' | 'IFC2X3') {
  let original: Uint8Array;
  let model: Model;
  let output: Uint8Array;
  let before: ReadBack;
  let after: ReadBack;
  let originalExtract: IfcExtraction;
  /** Element id by unit id, from the elements' property sets. */
  let elementOf: Map<string, number>;
  let fireProps: Map<number, Record<string, PropertyValue>>;
  const isNew = (id: number) => id > before.api.GetMaxExpressID(before.model);

  beforeAll(async () => {
    original = new Uint8Array(fs.readFileSync(path.join(corpus, file)));
    originalExtract = await extractIfc(original);
    model = withDrawnTray(designedModel(originalExtract.arch, regulation, 'Corpus building'));
    output = await exportIfc(model, regulation, original);
    before = await ReadBack.open(original);
    after = await ReadBack.open(output);
    fireProps = after.propertySets(FIRE_PSET);
    elementOf = new Map([...fireProps].flatMap(([id, values]) => (values.UnitId ? [[String(values.UnitId), id] as const] : [])));
  }, 120_000);
  afterAll(() => {
    before?.close();
    after?.close();
  });

  const elementClasses =
    schema === 'IFC4' ? [IFCSENSOR, IFCALARM, IFCUNITARYCONTROLELEMENT] : [IFCDISTRIBUTIONCONTROLELEMENT, IFCELECTRICDISTRIBUTIONPOINT];

  it('has a fire element per unit, of the class and type its kind is', () => {
    const units = unitsOf(model.fire!);
    expect(units.length).toBeGreaterThan(10);
    const added = elementClasses.flatMap((type) => after.ids(type).filter(isNew));
    expect(added).toHaveLength(units.length);
    expect(new Set(elementOf.keys())).toEqual(new Set(units.map((u) => u.id)));
    const typeOf = after.types();
    const { products } = model.fire!.config;
    for (const unit of units) {
      const element = elementOf.get(unit.id)!;
      expect(added).toContain(element);
      const type = typeOf.get(element);
      if (unit.group === 'detectors') {
        const product = products.detectors.find((p) => p.id === unit.product_id)!;
        const predefined = product.type === 'Heat' ? 'HEATSENSOR' : 'SMOKESENSOR';
        expect(after.typeOf(element)).toBe(schema === 'IFC4' ? IFCSENSOR : IFCDISTRIBUTIONCONTROLELEMENT);
        expect(after.typeOf(type!)).toBe(IFCSENSORTYPE);
        expect([after.str(type!, 'PredefinedType'), after.str(type!, 'Name')]).toEqual([predefined, product.name]);
        if (schema === 'IFC4') expect(after.str(element, 'PredefinedType')).toBe(predefined);
      } else if (unit.group === 'sirens' || unit.group === 'buttons') {
        expect(after.typeOf(element)).toBe(schema === 'IFC4' ? IFCALARM : IFCDISTRIBUTIONCONTROLELEMENT);
        expect(after.typeOf(type!)).toBe(IFCALARMTYPE);
        const predefined = unit.group === 'sirens' ? 'SIREN' : regulation === 'Nfpa72' ? 'MANUALPULLBOX' : 'BREAKGLASSBUTTON';
        expect(after.str(type!, 'PredefinedType')).toBe(predefined);
      } else if (unit.group === 'racks') {
        expect(after.typeOf(element)).toBe(schema === 'IFC4' ? IFCUNITARYCONTROLELEMENT : IFCELECTRICDISTRIBUTIONPOINT);
        const attribute = schema === 'IFC4' ? 'PredefinedType' : 'DistributionPointFunction';
        expect(after.str(element, attribute)).toBe('ALARMPANEL');
      }
    }
  });

  it('places each on its storey at its coordinates and height, with a body a viewer shows', () => {
    const containers = after.containers();
    for (const unit of unitsOf(model.fire!)) {
      const element = elementOf.get(unit.id)!;
      const storey = containers.get(element)!;
      expect(after.typeOf(storey)).toBe(IFCBUILDINGSTOREY);
      expect(after.str(storey, 'GlobalId'), unit.id).toBe(model.arch.storeys[unit.storey_id]!.global_id);
      const { origin, xAxis } = after.placed(element);
      for (let k = 0; k < 3; k++) expect(Math.abs(origin[k]! - unit.coord[k]!), `${unit.id} axis ${k}`).toBeLessThan(0.01);
      const angle = ((unit.angle ?? 0) * Math.PI) / 180;
      expect(xAxis[0]).toBeCloseTo(Math.cos(angle), 6);
      expect(xAxis[1]).toBeCloseTo(Math.sin(angle), 6);
      // web-ifc's own geometry, in metres: centred on the unit in plan; a detector head from its point up to the ceiling.
      const mesh = after.mesh(element);
      expect(mesh, unit.id).not.toBeNull();
      expect(Math.abs((mesh!.min[0] + mesh!.max[0]) / 2 - unit.coord[0])).toBeLessThan(0.01);
      expect(Math.abs((mesh!.min[1] + mesh!.max[1]) / 2 - unit.coord[1])).toBeLessThan(0.01);
      if (unit.group === 'detectors') {
        expect(mesh!.min[2]).toBeCloseTo(unit.coord[2], 3);
        expect(mesh!.max[2]).toBeCloseTo(model.arch.storeys[unit.storey_id]!.height.max_z, 3);
      }
    }
  });

  it("gives every unit its address, section, product and loop, the engine's", () => {
    const fire = model.fire!;
    const figures = loopFiguresOf({ arch: model.arch, fire });
    const loopOf = new Map<string, string>();
    for (const route of Object.values(fire.connections.routes))
      for (const member of figures(route.id)?.members ?? []) loopOf.set(member.id, route.id);
    expect(loopOf.size).toBeGreaterThan(0);
    const { products } = fire.config;
    let addressed = 0;
    for (const unit of unitsOf(fire)) {
      const values = fireProps.get(elementOf.get(unit.id)!)!;
      const section = Object.values(fire.sections).find((s) => s.addresses[unit.id] !== undefined);
      if (section) addressed++;
      expect(values.Address, unit.id).toBe(section ? `${section.name}.${section.addresses[unit.id]}` : undefined);
      expect(values.Section).toBe(section?.name);
      expect(values.Loop).toBe(loopOf.get(unit.id));
      const list =
        unit.group === 'detectors'
          ? products.detectors
          : unit.group === 'sirens'
            ? products.sirens
            : unit.group === 'buttons'
              ? products.buttons
              : null;
      if (list) expect(values.Product).toBe(list.find((p) => p.id === unit.product_id)!.name);
    }
    expect(addressed).toBeGreaterThan(10);
  });

  it('groups the loops as circuits of the fire alarm system, the sections as zones of their spaces and groups of their units', () => {
    const fire = model.fire!;
    const members = after.groupMembers();
    const unitIds = (group: number) =>
      new Set((members.get(group) ?? []).flatMap((id) => (fireProps.get(id)?.UnitId ? [String(fireProps.get(id)!.UnitId)] : [])));
    const loops = Object.values(fire.connections.routes).filter((r) => r.kind === 'Loop');
    const figures = loopFiguresOf({ arch: model.arch, fire });
    const circuits = after.ids(schema === 'IFC4' ? IFCDISTRIBUTIONCIRCUIT : IFCELECTRICALCIRCUIT);
    expect(circuits).toHaveLength(loops.length);
    const cableSegments = after
      .ids(schema === 'IFC4' ? IFCCABLESEGMENT : IFCFLOWSEGMENT)
      .filter((id) => isNew(id) && fireProps.get(id)?.Route);
    const loopProps = after.propertySets(LOOP_PSET);
    for (const loop of loops) {
      const circuit = circuits.find((c) => after.str(c, 'Name') === loop.id)!;
      const f = figures(loop.id)!;
      const racks = [loop.slices[0]!.nodes[0]!, loop.slices.at(-1)!.nodes.at(-1)!]
        .map((n) => n.unit_id)
        .filter((id) => fire.units.racks[id]);
      expect(racks.length).toBeGreaterThan(0);
      expect(unitIds(circuit)).toEqual(new Set([...racks, ...f.members.map((m) => m.id)]));
      const cables = (members.get(circuit) ?? []).filter((id) => cableSegments.includes(id));
      expect(cables).toHaveLength(loop.slices.length);
      expect(Number(loopProps.get(circuit)!.Length) * after.scale).toBeCloseTo(f.length, 6);
      expect(loopProps.get(circuit)!.Units).toBe(f.members.length);
    }
    const [system] = after.ids(schema === 'IFC4' ? IFCDISTRIBUTIONSYSTEM : IFCSYSTEM).filter(isNew);
    expect(system).toBeDefined();
    expect(unitIds(system!)).toEqual(new Set(unitsOf(fire).map((u) => u.id)));
    const aggregated = after
      .ids(IFCRELAGGREGATES)
      .filter(isNew)
      .map((id) => after.line(id));
    expect(
      aggregated
        .filter((l) => ref(l.RelatingObject) === system)
        .flatMap((l) => refs(l.RelatedObjects))
        .sort(),
    ).toEqual([...circuits].sort());
    const serves = after.ids(IFCRELSERVICESBUILDINGS).map((id) => after.line(id));
    expect(serves.some((l) => ref(l.RelatingSystem) === system)).toBe(true);

    const zones = after.ids(IFCZONE).filter(isNew);
    const groups = after.ids(IFCGROUP).filter(isNew);
    const spaces = new Set(before.ids(IFCSPACE).map((id) => before.str(id, 'GlobalId')));
    let zoned = 0;
    for (const section of Object.values(fire.sections)) {
      const group = groups.find((g) => after.str(g, 'Name') === section.name)!;
      expect(unitIds(group)).toEqual(new Set(Object.keys(section.addresses)));
      const expected = new Set(section.parts.map((p) => model.arch.rooms[p.room_id]!.global_id).filter((g) => spaces.has(g)));
      const zone = zones.find((z) => after.str(z, 'Name') === section.name);
      expect(new Set((zone === undefined ? [] : members.get(zone)!).map((id) => after.str(id, 'GlobalId')))).toEqual(expected);
      zoned += expected.size;
    }
    expect(zoned).toBeGreaterThan(0);
  });

  it('draws the cables along their routes and the tray drawn in the app', async () => {
    const fire = model.fire!;
    const cableSegments = after
      .ids(schema === 'IFC4' ? IFCCABLESEGMENT : IFCFLOWSEGMENT)
      .filter((id) => isNew(id) && fireProps.get(id)?.Route);
    const slices = Object.values(fire.connections.routes).flatMap((route) => route.slices);
    expect(cableSegments).toHaveLength(slices.length);
    const cableProps = fireProps;
    for (const segment of cableSegments) {
      const route = fire.connections.routes[String(cableProps.get(segment)!.Route)]!;
      const mesh = after.mesh(segment)!;
      expect(mesh).not.toBeNull();
      // Every node of its route's slices on this storey lies within the cable's radius and a centimetre of its mesh.
      const slice = route.slices.find((s) =>
        s.nodes.every((n) => n.coord.every((v, k) => v >= mesh.min[k]! - 0.015 && v <= mesh.max[k]! + 0.015)),
      );
      expect(slice, String(cableProps.get(segment)!.Route)).toBeDefined();
    }
    // The drawn tray: a cable carrier segment (IFC2X3: a flow segment of that type) whose body runs from its start to its end.
    const drawn = model.elec.trays['tray-drawn']!;
    const typeOf = after.types();
    const carriers = after
      .ids(schema === 'IFC4' ? IFCCABLECARRIERSEGMENT : IFCFLOWSEGMENT)
      .filter((id) => isNew(id) && after.typeOf(typeOf.get(id)!) === IFCCABLECARRIERSEGMENTTYPE);
    expect(carriers).toHaveLength(1);
    const mesh = after.mesh(carriers[0]!)!;
    const reach = Math.hypot(drawn.end[0] - drawn.start[0], drawn.end[1] - drawn.start[1]);
    const half = (drawn.width / 2) * (Math.abs(drawn.end[1] - drawn.start[1]) / reach) + 0.001;
    expect(Math.abs(mesh.min[0] - drawn.start[0])).toBeLessThan(half);
    expect(Math.abs(mesh.max[0] - drawn.end[0])).toBeLessThan(half);
    expect((mesh.min[2] + mesh.max[2]) / 2).toBeCloseTo(drawn.start[2], 3);
    if (schema === 'IFC2X3') return;
    // IFC4: the import reads it back as the tray it was (@edrf/ifc reads IfcCableCarrierSegment, not IFC2X3's typed flow segments).
    const trays = Object.values((await extractIfc(output)).elec.trays);
    const found = trays.find((t) => Math.hypot(...t.start.map((v, k) => v - drawn.start[k]!)) < 0.01);
    expect(found).toBeDefined();
    for (let k = 0; k < 3; k++) expect(Math.abs(found!.end[k]! - drawn.end[k]!)).toBeLessThan(0.01);
    expect(found!.width).toBeCloseTo(drawn.width, 3);
    expect(trays).toHaveLength(Object.keys(originalExtract.elec.trays).length + 1);
  });

  it("leaves the building's entities as they were: same lines, counts and GlobalIds; new lines after them", () => {
    const was = stepLines(original);
    const is = stepLines(output);
    const last = Math.max(...was.keys());
    // Byte for byte: the file as it was, the design's lines put in before the end of its DATA section.
    const at = Buffer.from(output).indexOf(`#${last + 1}=`);
    expect(at).toBeGreaterThan(0);
    const tail = original.length - at;
    expect(Buffer.from(output.subarray(0, at)).equals(Buffer.from(original.subarray(0, at)))).toBe(true);
    expect(Buffer.from(output.subarray(output.length - tail)).equals(Buffer.from(original.subarray(at)))).toBe(true);
    expect(Buffer.from(original.subarray(at)).toString('latin1')).toMatch(/^ENDSEC;\s*END-ISO-10303-21;\s*$/);
    for (const [id, text] of was) if (is.get(id) !== text) expect(is.get(id), `#${id}`).toBe(text);
    const added = [...is.keys()].filter((id) => !was.has(id));
    expect(added.every((id) => id > last)).toBe(true);
    // Per type, through web-ifc: the file's own counts, plus what was added.
    for (const { typeID, typeName } of before.api.GetAllTypesOfModel(before.model)) {
      const count = (r: ReadBack) => r.ids(typeID).filter((id) => id <= last).length;
      expect(count(after), typeName).toBe(count(before));
    }
    const globalIdsOf = (lines: Map<number, string>, ids: Iterable<number>) =>
      [...ids].flatMap((id) => /^IFC\w+\('([0-9A-Za-z_$]{22})'/.exec(lines.get(id)!)?.[1] ?? []);
    const old = new Set(globalIdsOf(was, was.keys()));
    const fresh = globalIdsOf(is, added);
    expect(fresh.length).toBeGreaterThan(unitsOf(model.fire!).length);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect(fresh.filter((g) => old.has(g))).toEqual([]);
  });

  it('reads again as it read: the same storeys, rooms, walls, doors, slabs and objects (the fire elements are none of them)', async () => {
    const again = await extractIfc(output);
    for (const kind of [
      'storeys',
      'buildings',
      'rooms',
      'walls',
      'wall_openings',
      'doors',
      'stairs',
      'slabs',
      'ceilings',
      'other_objects',
    ] as const)
      expect(Object.keys(again.arch[kind]).sort(), kind).toEqual(Object.keys(originalExtract.arch[kind]).sort());
    expect(again.arch.storeys).toEqual(originalExtract.arch.storeys);
    expect(again.compass_degrees).toBe(originalExtract.compass_degrees);
  });

  it('keeps the GlobalIds of the fire elements from one export to the next', async () => {
    const second = await ReadBack.open(await exportIfc(model, regulation, original));
    try {
      for (const [unit, values] of second.propertySets(FIRE_PSET)) {
        if (!values.UnitId) continue;
        expect(second.str(unit, 'GlobalId')).toBe(after.str(elementOf.get(String(values.UnitId))!, 'GlobalId'));
      }
    } finally {
      second.close();
    }
  });
}

describe.skipIf(!present)(`the IFC model of ${IFC4_FILE} (IFC4, metres)`, () => corpusChecks(IFC4_FILE, 'Sbf1108', 'IFC4'));
describe.skipIf(!present)(`the IFC model of ${IFC2X3_FILE} (IFC2X3, millimetres, attributes written '*')`, () =>
  corpusChecks(IFC2X3_FILE, 'Bs5839', 'IFC2X3'),
);

describe.skipIf(!present)('the IFC model of a project without its IFC file', () => {
  let model: Model;
  let after: ReadBack;
  let output: Uint8Array;
  beforeAll(async () => {
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, IFC4_FILE))));
    model = designedModel(arch, 'Nfpa72', 'FZK-Haus');
    output = await exportIfc(model, 'Nfpa72', undefined);
    after = await ReadBack.open(output);
  }, 120_000);
  afterAll(() => after?.close());

  it("is a new IFC4 file of the project's storeys with the fire elements on them", () => {
    expect(after.api.GetModelSchema(after.model)).toBe('IFC4');
    const [project] = after.ids(IFCPROJECT);
    expect(after.str(project!, 'Name')).toBe('FZK-Haus');
    const storeys = after.ids(IFCBUILDINGSTOREY);
    expect(new Set(storeys.map((s) => after.str(s, 'GlobalId')))).toEqual(
      new Set(Object.values(model.arch.storeys).map((s) => s.global_id)),
    );
    const elementOf = new Map([...after.propertySets(FIRE_PSET)].flatMap(([id, v]) => (v.UnitId ? [[String(v.UnitId), id] as const] : [])));
    const units = unitsOf(model.fire!);
    expect([IFCSENSOR, IFCALARM, IFCUNITARYCONTROLELEMENT].flatMap((t) => after.ids(t))).toHaveLength(units.length);
    const containers = after.containers();
    for (const unit of units) {
      const element = elementOf.get(unit.id)!;
      expect(after.str(containers.get(element)!, 'GlobalId')).toBe(model.arch.storeys[unit.storey_id]!.global_id);
      const { origin } = after.placed(element);
      for (let k = 0; k < 3; k++) expect(Math.abs(origin[k]! - unit.coord[k]!)).toBeLessThan(0.01);
      expect(after.mesh(element)).not.toBeNull();
    }
    // NFPA 72's manual fire alarm boxes.
    const buttons = units.filter((u) => u.group === 'buttons');
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(after.str(elementOf.get(button.id)!, 'PredefinedType')).toBe('MANUALPULLBOX');
  });

  it('reads back through the import with the same storeys and north', async () => {
    const again = await extractIfc(output);
    const heights = (storeys: Model['arch']['storeys']) =>
      Object.values(storeys)
        .map((s) => [s.global_id, s.name, s.height.min_z])
        .sort((a, b) => Number(a[2]) - Number(b[2]));
    expect(heights(again.arch.storeys)).toEqual(heights(model.arch.storeys));
    expect(again.compass_degrees).toBeCloseTo(model.config.compass_degrees, 6);
  });
});

describe('the IFC model in the catalogue', () => {
  it('is offered under every regulation when fire units exist, and made by renderReport', async () => {
    expect(findReport('IfcModel')).toMatchObject({ regulation: null, formats: ['ifc'] });
    expect(BUILDERS.IfcModel).toBe(buildIfcModel);
    if (!present) return;
    const { arch } = await extractIfc(new Uint8Array(fs.readFileSync(path.join(corpus, IFC4_FILE))));
    const input: ReportInput = { model: designedModel(arch, 'Bs5839', 'FZK-Haus'), regulation: 'Bs5839', ...TITLE };
    const files = [];
    for await (const file of renderReport('IfcModel', 'ifc', input)) files.push(file);
    expect(files).toHaveLength(1);
    expect(new TextDecoder().decode(files[0]!.data.subarray(0, 13))).toBe('ISO-10303-21;');
  }, 120_000);
});
