/** An IFC4 file's STEP text around the entities of its DATA section (one per line): for files made in code. */
export const stepFile = (name: string, data: string): string => `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('${name}','2026-01-01T00:00:00',(''),(''),'edrf','edrf','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
${data}
ENDSEC;
END-ISO-10303-21;
`;

/**
 * The entities a model in millimetres starts with: the origin (#1), Z (#2) and X (#3), the axis placement they make
 * (#4), the 'Model' context on it (#6) and the unit assignment (#8) of millimetres (#7).
 */
export const MILLIMETRE_MODEL = `#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCDIRECTION((0.,0.,1.));
#3=IFCDIRECTION((1.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#1,#2,#3);
#6=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#7=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#8=IFCUNITASSIGNMENT((#7));`;
