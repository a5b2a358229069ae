import type { Arch, Elec } from '@edrf/model';

/** The steps an import reports (P§4 upload protocol). */
export type ImportStep = 'ifc_parse' | 'ifc_diff' | 'ifc_process';

/** What one IFC file contributes to a project's model. */
export interface IfcExtraction {
  arch: Arch;
  elec: Elec;
  /** True north as degrees clockwise from the model's +Y axis, for config.compass_degrees. */
  compass_degrees: number;
  /** Things the user should know about the file (units guessed, spaces without geometry, …). */
  warnings: string[];
}

export type ProgressCallback = (step: ImportStep, progress: number) => void;
