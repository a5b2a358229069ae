/** A room's type from its name (Swedish, English and German keywords): clean_arch's rules, so import and clean agree. */
export { roomTypeFromName } from '@edrf/geometry';
