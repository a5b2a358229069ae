import { describe, expect, it } from 'vitest';
import { calcFireSections } from '@edrf/fire';
import { fireSchema } from '@edrf/model';
import { sectionsModel, testSection } from '../test-sections';
import { mergeRunAnswer, runMessage } from './run-edits';

const ALL = { sections: true, labels: true, addresses: true };

describe('merging a run’s answer', () => {
  it('writes the engine’s sections and labels as they are when nothing changed meanwhile', () => {
    const sent = sectionsModel();
    const answer = calcFireSections({ settings: ALL, model: { arch: sent.arch, elec: sent.elec, fire: sent.fire! } });
    const next = mergeRunAnswer(sent, sent, answer, ALL)!;
    expect(next.fire!.sections).toEqual(answer.sections);
    expect(Object.keys(next.fire!.units.labels).sort()).toEqual(Object.keys(answer.labels).sort());
    expect(fireSchema.safeParse(next.fire).success).toBe(true);
    expect(runMessage(next)).toMatch(/^\d+ sections?, \d+ rooms?, \d+ address(es)?$/);
  });

  it('drops what was deleted during the run, keeps a section added then, and leaves labels alone when not asked', () => {
    const sent = sectionsModel();
    sent.fire!.units.labels = { mine: { id: 'mine', storey_id: 's0', coord: [1, 1, 1.5], angle: 0, label: 'Mine' } };
    const answer = calcFireSections({ settings: ALL, model: { arch: sent.arch, elec: sent.elec, fire: sent.fire! } });
    const now = structuredClone(sent);
    delete now.fire!.units.detectors.d1;
    now.fire!.sections['section-9'] = testSection('section-9', '9', ['o']);
    const next = mergeRunAnswer(now, sent, answer, { ...ALL, labels: false })!;
    const addressed = Object.values(next.fire!.sections).flatMap((s) => Object.keys(s.addresses));
    expect(addressed).not.toContain('d1');
    expect(Object.keys(next.fire!.units.labels)).toEqual(['mine']);
    const taken = Object.values(answer.sections).some((s) => s.parts.some((p) => p.room_id === 'o'));
    expect(next.fire!.sections['section-9']!.parts.map((p) => p.room_id)).toEqual(taken ? [] : ['o']);
    expect(fireSchema.safeParse(next.fire).success).toBe(true);
  });
});
