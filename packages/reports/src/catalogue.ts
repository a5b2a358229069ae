import type { Fire, Regulation } from '@edrf/model';
import { REQUIREMENTS, type Requirement } from './messages.js';

/** F§9: the file formats a report may have. */
export const REPORT_FORMATS = ['pdf', 'dxf', 'xlsx', 'ifc'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportEntry {
  /** Prefixed Sbf, Ukbs or Nfpa by regulation (F§9); the IFC model has no prefix. */
  key: string;
  name: string;
  /** null: the IFC model, offered under every regulation. */
  regulation: Regulation | null;
  formats: readonly ReportFormat[];
  requirement: Requirement;
}

const { sections, units, routes, connections } = REQUIREMENTS;

const entry = (
  regulation: Regulation | null,
  key: string,
  name: string,
  formats: readonly ReportFormat[],
  requirement: Requirement,
): ReportEntry => ({ key, name, regulation, formats, requirement });

/** Every report of the three regulations (F§9; contents: docs/reports.md) in the order the Export page lists them. */
export const REPORTS: readonly ReportEntry[] = [
  entry('Sbf1108', 'SbfBillOfQuantities', 'Mängdförteckning', ['xlsx', 'pdf'], units),
  entry('Sbf1108', 'SbfAnlaggarintyg', 'Anläggarintyg', ['pdf'], sections),
  entry('Sbf1108', 'SbfMonteringsritning', 'Monteringsritning', ['pdf', 'dxf'], connections),
  entry('Sbf1108', 'SbfFordelningslista', 'Fördelningslista', ['xlsx', 'pdf'], sections),
  entry('Sbf1108', 'SbfKabellista', 'Kabellista', ['xlsx', 'pdf'], routes),
  entry('Sbf1108', 'SbfStycklista', 'Stycklista', ['xlsx', 'pdf'], connections),
  entry('Sbf1108', 'SbfForbindningsschema', 'Förbindningsschema', ['pdf', 'dxf'], connections),
  entry('Sbf1108', 'SbfOversiktsschema', 'Översiktsschema', ['pdf', 'dxf'], sections),
  entry('Sbf1108', 'SbfServiceritning', 'Serviceritning', ['pdf', 'dxf'], sections),
  entry('Sbf1108', 'SbfOrienteringsritning', 'Orienteringsritning', ['pdf', 'dxf'], sections),
  entry('Sbf1108', 'SbfInstallationsritning', 'Installationsritning', ['pdf', 'dxf'], routes),
  entry('Sbf1108', 'SbfPlintkort', 'Plintkort', ['pdf', 'xlsx'], connections),
  entry('Bs5839', 'UkbsBillOfQuantities', 'Bill of quantities', ['xlsx', 'pdf'], units),
  entry('Bs5839', 'UkbsRiserDiagram', 'Riser diagram', ['pdf', 'dxf'], sections),
  entry('Bs5839', 'UkbsPointToPoint', 'Point-to-point drawings', ['pdf', 'dxf'], routes),
  entry('Bs5839', 'UkbsDevicePlacement', 'Device placement drawings', ['pdf', 'dxf'], sections),
  entry('Nfpa72', 'NfpaBillOfQuantities', 'Bill of quantities', ['xlsx', 'pdf'], units),
  entry('Nfpa72', 'NfpaRiserDiagram', 'Riser diagram', ['pdf', 'dxf'], sections),
  entry('Nfpa72', 'NfpaLayoutDrawings', 'Layout drawings', ['pdf', 'dxf'], units),
  entry(null, 'IfcModel', 'IFC model', ['ifc'], units),
];

const byKey = new Map(REPORTS.map((report) => [report.key, report]));

export const findReport = (key: string): ReportEntry | undefined => byKey.get(key);

/** The reports of one regulation and the IFC model, as GET /api/v1/fire_reports lists them. */
export const reportsOf = (regulation: Regulation): ReportEntry[] =>
  REPORTS.filter((report) => report.regulation === regulation || report.regulation === null);

const UNIT_GROUPS = ['detectors', 'sirens', 'buttons', 'ios', 'others'] as const;

/**
 * The requirement a fire model does not meet, or null (F§5). Units: any detector, siren, button, I/O or other unit;
 * sections: any section with an address; routes: any cable route; connections: any rack equipment (central, plinth,
 * power supply, other) — docs/reports.md.
 */
export function unmetRequirement(report: ReportEntry, fire: Fire | null): Requirement | null {
  const met = fire !== null && isMet(report.requirement, fire);
  return met ? null : report.requirement;
}

function isMet(requirement: Requirement, fire: Fire): boolean {
  switch (requirement) {
    case REQUIREMENTS.units:
      return UNIT_GROUPS.some((group) => Object.keys(fire.units[group]).length > 0);
    case REQUIREMENTS.sections:
      return Object.values(fire.sections).some((section) => Object.keys(section.addresses).length > 0);
    case REQUIREMENTS.routes:
      return Object.keys(fire.connections.routes).length > 0;
    case REQUIREMENTS.connections: {
      const { centrals, plinths, power_supplies, others } = fire.connections;
      return [centrals, plinths, power_supplies, others].some((group) => Object.keys(group).length > 0);
    }
  }
}
