import type { Storey } from '@edrf/model';

/** How a storey is named in the picker and dialogs: its number and name. */
export const storeyLabel = (storey: Pick<Storey, 'number' | 'name'>) => `${storey.number} ${storey.name || '(no name)'}`;
