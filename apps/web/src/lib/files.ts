import type { ProjectIfcFile } from '@edrf/model';

/** Displayed file names longer than this are cut (P§9). */
export const MAX_FILE_NAME_CHARS = 36;
/** File names listed per project row before '+N' (P§9). */
export const MAX_FILES_SHOWN = 5;

/** A name of at most `max` characters: longer ones keep their first max-1 characters and end in '…'. */
export function truncateName(name: string, max = MAX_FILE_NAME_CHARS): string {
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}

/** A size in MB (1 MB = 1024 × 1024 bytes) to 2 decimals (P§9): '1.50 MB'. */
export function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The full name and size, shown as the title of a listed file. */
export const fileTitle = (file: ProjectIfcFile) => `${file.file_name} (${formatMb(file.file_size)})`;

export interface FilePreview {
  shown: { key: string; label: string; title: string }[];
  /** How many files are not listed: shown as '+N' when above 0. */
  more: number;
  /** The titles of the files behind '+N', one a line. */
  moreTitle: string;
}

/** The Uploaded files cell (P§2, P§9): up to 5 truncated names, then '+N' for the rest. */
export function filePreview(files: ProjectIfcFile[], max = MAX_FILES_SHOWN): FilePreview {
  const shown = files
    .slice(0, max)
    .map((file) => ({ key: file.ifc_object_id, label: truncateName(file.file_name), title: fileTitle(file) }));
  const rest = files.slice(max);
  return { shown, more: rest.length, moreTitle: rest.map(fileTitle).join('\n') };
}

const ifcFiles = (count: number) => `${count} IFC ${count === 1 ? 'file' : 'files'}`;

/** The toast after 'Download all' (P§8): 'Downloaded 3 IFC files', or 'Downloaded 2 IFC files, 1 failed'. */
export function downloadSummary(ok: number, failed: number): string {
  return `Downloaded ${ifcFiles(ok)}${failed > 0 ? `, ${failed} failed` : ''}`;
}
