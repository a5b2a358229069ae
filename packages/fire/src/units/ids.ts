import { UNIT_GROUPS, type Fire } from '@edrf/model';

/** New unit ids ('det-1', 'sir-1', 'btn-1', …) that no unit of any group has yet. */
export class UnitIds {
  private readonly used = new Set<string>();
  private readonly next = new Map<string, number>();

  constructor(fire: Fire) {
    for (const group of UNIT_GROUPS) for (const id of Object.keys(fire.units[group])) this.used.add(id);
  }

  make(prefix: string): string {
    let n = this.next.get(prefix) ?? 1;
    while (this.used.has(`${prefix}-${n}`)) n++;
    const id = `${prefix}-${n}`;
    this.used.add(id);
    this.next.set(prefix, n + 1);
    return id;
  }
}
