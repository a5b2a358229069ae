// The file the design goes into when the project has no IFC file of its own (or one without storeys): a new IFC4
// file in metres with the project, site, building and the model's storeys, placed as the model has them. Written
// before the design, it is then a target like any other (target.ts).
import type { Model } from '@edrf/model';
import {
  IFCAXIS2PLACEMENT3D,
  IFCBUILDING,
  IFCBUILDINGSTOREY,
  IFCCARTESIANPOINT,
  IFCDIRECTION,
  IFCGEOMETRICREPRESENTATIONCONTEXT,
  IFCGEOMETRICREPRESENTATIONSUBCONTEXT,
  IFCLOCALPLACEMENT,
  IFCPOSTALADDRESS,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCSITE,
  IFCSIUNIT,
  IFCUNITASSIGNMENT,
} from 'web-ifc';
import type { Target, TargetStorey } from './target.js';
import { APPLICATION } from './provenance.js';
import { ref, stepString, type IfcWriter, type Ref } from './writer.js';

/** The STEP file around the lines of a new IFC4 file: its header names the project, the designer and edrf. */
export function freshFile(model: Model, designer: string, date: string, data: string): string {
  const name = stepString(`${model.config.name || 'edrf'}.ifc`);
  const stamp = stepString(`${/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : new Date().toISOString().slice(0, 10)}T00:00:00`);
  const system = stepString(`${APPLICATION.fullName} ${APPLICATION.version}`);
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    `FILE_NAME(${name},${stamp},(${stepString(designer)}),(${stepString(APPLICATION.name)}),${stepString(APPLICATION.name)},${system},'');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    `${data}ENDSEC;`,
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** A GlobalId the model carries from an IFC file it was read from, or '' when it has none that is well formed. */
export const ownGlobalId = (globalId: string): string => (/^[0-3][0-9A-Za-z_$]{21}$/.test(globalId) ? globalId : '');

/** Writes the spatial structure of the model's storeys; answers what the design is written into. */
export function writeStructure(w: IfcWriter, owner: Ref, model: Model): Target {
  const point = (xyz: number[]) => w.add(IFCCARTESIANPOINT, xyz.map(w.fileLength));
  const origin = point([0, 0, 0]);
  const axis = (location: Ref) => w.add(IFCAXIS2PLACEMENT3D, location, null, null);
  const world = axis(origin);
  // True north as config.compass_degrees has it: degrees clockwise from the model's +Y (@edrf/ifc north.ts reads it so).
  const north = (model.config.compass_degrees * Math.PI) / 180;
  const trueNorth = w.add(IFCDIRECTION, [w.real(Math.sin(north)), w.real(Math.cos(north))]);
  const context = w.add(IFCGEOMETRICREPRESENTATIONCONTEXT, null, w.label('Model'), w.dimensionCount(3), w.real(1e-5), world, trueNorth);
  const { derived } = w;
  const body = w.add(
    IFCGEOMETRICREPRESENTATIONSUBCONTEXT,
    w.label('Body'),
    w.label('Model'),
    derived,
    derived,
    derived,
    derived,
    context,
    null,
    w.enumeration('MODEL_VIEW'),
    null,
  );
  const si = (type: string, name: string) => w.add(IFCSIUNIT, derived, w.enumeration(type), null, w.enumeration(name));
  const units = w.add(IFCUNITASSIGNMENT, [
    si('LENGTHUNIT', 'METRE'),
    si('AREAUNIT', 'SQUARE_METRE'),
    si('VOLUMEUNIT', 'CUBIC_METRE'),
    si('PLANEANGLEUNIT', 'RADIAN'),
  ]);
  const { config } = model;
  const project = w.add(IFCPROJECT, w.guid('project'), owner, w.label(config.name), null, null, null, null, [context], units);
  const sitePlacement = w.add(IFCLOCALPLACEMENT, null, axis(origin));
  const site = w.add(IFCSITE, w.guid('site'), owner, w.label('Site'), null, null, sitePlacement, null, null, w.enumeration('ELEMENT'));
  const address = config.address
    ? w.add(IFCPOSTALADDRESS, null, null, null, null, [w.label(config.address)], null, null, null, null, null)
    : null;
  const buildingPlacement = w.add(IFCLOCALPLACEMENT, sitePlacement, axis(origin));
  const building = Object.values(model.arch.buildings)[0];
  const buildingArgs = [w.guid('building'), owner, w.label(building?.name || config.name), null, null, buildingPlacement, null, null];
  const buildingRef = w.add(IFCBUILDING, ...buildingArgs, w.enumeration('ELEMENT'), null, null, address);
  const byModel = new Map<string, TargetStorey>();
  const storeys = Object.values(model.arch.storeys)
    .sort((a, b) => a.height.min_z - b.height.min_z || a.number - b.number)
    .map((storey): TargetStorey => {
      const z = storey.height.min_z;
      const placement = w.add(IFCLOCALPLACEMENT, buildingPlacement, axis(point([0, 0, z])));
      const globalId = ownGlobalId(storey.global_id);
      const storeyArgs = [
        globalId ? w.globalId(globalId) : w.guid(`storey:${storey.id}`),
        owner,
        w.label(storey.name),
        null,
        null,
        placement,
      ];
      const written = w.add(IFCBUILDINGSTOREY, ...storeyArgs, null, null, w.enumeration('ELEMENT'), w.fileLength(z));
      const target = {
        expressID: written.value,
        globalId,
        placement: placement.value,
        world: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, z],
        elevation: z,
      };
      byModel.set(storey.id, target);
      return target;
    });
  w.add(IFCRELAGGREGATES, w.guid('project-site'), owner, null, null, project, [site]);
  w.add(IFCRELAGGREGATES, w.guid('site-building'), owner, null, null, site, [buildingRef]);
  if (storeys.length > 0)
    w.add(
      IFCRELAGGREGATES,
      w.guid('building-storeys'),
      owner,
      null,
      null,
      buildingRef,
      storeys.map((s) => ref(s.expressID)),
    );
  return {
    schema: 'IFC4',
    scale: 1,
    storeys,
    byModel,
    building: buildingRef.value,
    context: body.value,
    spaces: new Map(),
    trays: new Set(),
  };
}
