import { sql, type RawBuilder } from 'kysely';

/** Names sort as people read them: 'alpha' before 'Beta' (both databases collate bytewise here). */
export const byName = (column: string): RawBuilder<string> => sql<string>`lower(${sql.ref(column)})`;
