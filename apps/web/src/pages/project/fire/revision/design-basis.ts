import { archChanges, designBasis, hasArchChanges } from '@edrf/fire';
import type { Arch, ArchChanges, Model } from '@edrf/model';
import { applyEdits } from '../../../../state/history';
import { setAt } from '../../../../state/typed-path';

/**
 * The model with its fire design's basis taken on `arch` (issue 40, docs/fire-revisions.md): the architecture the
 * design was made on, with where its units stand. A Units run and Design all take it on the architecture they sent, so
 * an edit made while they ran shows as a change.
 */
export function withDesignBasis(model: Model, arch: Arch, at = new Date()): Model {
  if (!model.fire) return model;
  return applyEdits(model, [setAt(['fire', 'design_basis'], designBasis(arch, at, model.fire.units))]).model;
}

/** The architecture's changes since the design was last run or updated; null when it has no basis or nothing changed. */
export function pendingChanges(model: Model): ArchChanges | null {
  const basis = model.fire?.design_basis;
  if (!basis) return null;
  const changes = archChanges(basis, model.arch);
  return hasArchChanges(changes) ? changes : null;
}
