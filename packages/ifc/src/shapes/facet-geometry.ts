// The geometry the text readers give for an item (facets.ts for breps, extrusions.ts, clipping.ts): kept apart from
// facets.ts, which calls the other two, so that all three name it without an import circle.

/**
 * A faceted geometry: its vertices as x y z, in its own coordinates and file units (single precision, as web-ifc keeps
 * its own), and, when asked for (a footprint), its faces.
 */
export interface FacetGeometry {
  points: Float32Array;
  /**
   * Three indices into points per triangle: each loop of each face as a fan from its first point, turned as the face
   * is (its bound's orientation applied). A fan of a concave loop has triangles of both turns, which add up to the
   * loop: so a footprint orients whole faces (faceOf), never single triangles.
   */
  triangles?: Uint32Array;
  /** The face of each triangle, numbered from 0 within the geometry. */
  faceOf?: Uint32Array;
}
