/** Every /api call carries this header with this value; any other value is answered 426 (P§7, P§9). */
export const EDRF_SCHEMA_HEADER = 'Edrf-Schema';
export const EDRF_SCHEMA = 5;
