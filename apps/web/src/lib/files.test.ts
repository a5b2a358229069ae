import { describe, expect, it } from 'vitest';
import type { ProjectIfcFile } from '@edrf/model';
import { downloadSummary, filePreview, formatMb, truncateName } from './files';

const file = (name: string, size = 1024 * 1024): ProjectIfcFile => ({ ifc_object_id: name, file_name: name, file_size: size });

describe('truncateName', () => {
  it('keeps names of up to 36 characters and cuts longer ones to 36 with an ellipsis', () => {
    const exact = 'a'.repeat(32) + '.ifc';
    expect(truncateName(exact)).toBe(exact);
    const long = 'Building-A-architecture-model-level-01.ifc';
    expect(truncateName(long)).toBe('Building-A-architecture-model-level…');
    expect(Array.from(truncateName(long))).toHaveLength(36);
  });

  it('counts characters, not UTF-16 units', () => {
    const name = 'ö'.repeat(10) + '😀'.repeat(30);
    expect(Array.from(truncateName(name))).toHaveLength(36);
    expect(truncateName('😀'.repeat(36))).toBe('😀'.repeat(36));
  });
});

describe('formatMb', () => {
  it('shows MB (1024 × 1024 bytes) to two decimals', () => {
    expect(formatMb(0)).toBe('0.00 MB');
    expect(formatMb(1024 * 1024)).toBe('1.00 MB');
    expect(formatMb(1.5 * 1024 * 1024)).toBe('1.50 MB');
    expect(formatMb(123_456_789)).toBe('117.74 MB');
    expect(formatMb(5_000)).toBe('0.00 MB');
    expect(formatMb(6_000)).toBe('0.01 MB');
  });
});

describe('filePreview', () => {
  it('lists every file when there are at most five', () => {
    const preview = filePreview([file('a.ifc'), file('b.ifc', 2.5 * 1024 * 1024)]);
    expect(preview.shown).toEqual([
      { key: 'a.ifc', label: 'a.ifc', title: 'a.ifc (1.00 MB)' },
      { key: 'b.ifc', label: 'b.ifc', title: 'b.ifc (2.50 MB)' },
    ]);
    expect(preview.more).toBe(0);
  });

  it("lists five and counts the rest as '+N'", () => {
    const files = Array.from({ length: 8 }, (_, i) => file(`f${i}.ifc`));
    const preview = filePreview(files);
    expect(preview.shown.map((shown) => shown.label)).toEqual(['f0.ifc', 'f1.ifc', 'f2.ifc', 'f3.ifc', 'f4.ifc']);
    expect(preview.more).toBe(3);
    expect(preview.moreTitle).toBe('f5.ifc (1.00 MB)\nf6.ifc (1.00 MB)\nf7.ifc (1.00 MB)');
  });

  it('truncates long names and keeps the full name in the title', () => {
    const long = 'x'.repeat(50) + '.ifc';
    const [shown] = filePreview([file(long)]).shown;
    expect(shown?.label).toBe('x'.repeat(35) + '…');
    expect(shown?.title).toBe(`${long} (1.00 MB)`);
  });

  it('is empty without files', () => {
    expect(filePreview([])).toEqual({ shown: [], more: 0, moreTitle: '' });
  });
});

describe('downloadSummary', () => {
  it('counts downloaded files and, when some failed, the failures', () => {
    expect(downloadSummary(3, 0)).toBe('Downloaded 3 IFC files');
    expect(downloadSummary(1, 0)).toBe('Downloaded 1 IFC file');
    expect(downloadSummary(2, 1)).toBe('Downloaded 2 IFC files, 1 failed');
    expect(downloadSummary(0, 2)).toBe('Downloaded 0 IFC files, 2 failed');
  });
});
