import type { Model } from '@edrf/model';
import type { EditRequest } from '../state/history';
import { getIn } from '../state/paths';

/** Where gesture edits go: the project store as the page sees it (its model, and edits recorded from that page). */
export interface EditTarget {
  readonly model: Model;
  /** `record: false` changes the model without an undo step (a preview). */
  edit(requests: readonly EditRequest[], opts?: { record?: boolean }): boolean;
}

/**
 * One gesture's edit (a drag): every move previews on the model without an undo step, the release commits
 * once (one undo step, batched like any edit within P§4's 1500 ms), and Escape restores what was there.
 */
export class EditSession {
  private readonly base: Model;
  private previewed: readonly EditRequest[] = [];
  private open = true;

  constructor(private readonly target: EditTarget) {
    this.base = target.model;
  }

  /** Shows `requests` on the model in place of the previous preview. */
  preview(requests: readonly EditRequest[]): void {
    if (!this.open) return;
    this.target.edit([...this.restoring(), ...requests], { record: false });
    this.previewed = requests;
  }

  /** Ends the gesture with `requests` (the last preview if none) as one recorded edit; answers whether anything changed. */
  commit(requests: readonly EditRequest[] = this.previewed): boolean {
    if (!this.open) return false;
    this.open = false;
    this.target.edit(this.restoring(), { record: false });
    return this.target.edit(requests);
  }

  /** Ends the gesture leaving the model as it was before it. */
  cancel(): void {
    if (!this.open) return;
    this.open = false;
    this.target.edit(this.restoring(), { record: false });
  }

  get active(): boolean {
    return this.open;
  }

  /** What sets every previewed path back to its value before the gesture, last first. */
  private restoring(): EditRequest[] {
    return [...this.previewed].reverse().map(({ path }) => ({ path, value: getIn(this.base, path) }));
  }
}
