// '@edrf/ifc/testing': hostile IFC files made in memory (hostile/files.ts), for the server's tests of what an upload of
// one answers. Not for the app.
export * from './hostile/files.js';
