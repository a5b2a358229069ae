// '@edrf/ifc/testing': hostile IFC files made in memory (hostile/files.ts), for the server's tests of what an upload of
// one answers; an architect's revision of a file written with web-ifc (revised/revised-file.ts), for the fire design's
// revision tests. Not for the app.
export * from './hostile/files.js';
export { reviseIfc, type RevisionEdit } from './revised/revised-file.js';
