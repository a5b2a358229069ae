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
