// The smallest IFC the extractor reads (a project, a site, a building and one storey), for tests that need a real
// import without a corpus file; the storey's GlobalId and elevation tell one version of the file from another.
export const miniIfc = (storeyGlobalId = '1Kq2NmZmz0eP4hyQq7Sx2X', elevation = 0): Buffer =>
  Buffer.from(
    `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('mini.ifc','2026-01-01T00:00:00',(''),(''),'edrf test','edrf test','');
FILE_SCHEMA(('IFC2X3'));
ENDSEC;
DATA;
#1=IFCPERSON($,$,'tester',$,$,$,$,$);
#2=IFCORGANIZATION($,'edrf',$,$,$);
#3=IFCPERSONANDORGANIZATION(#1,#2,$);
#4=IFCAPPLICATION(#2,'1','edrf test','edrf');
#5=IFCOWNERHISTORY(#3,#4,$,.ADDED.,$,$,$,0);
#6=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#7=IFCUNITASSIGNMENT((#6));
#8=IFCCARTESIANPOINT((0.,0.,0.));
#9=IFCAXIS2PLACEMENT3D(#8,$,$);
#10=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#9,$);
#11=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',#5,'Mini',$,$,$,$,(#10),#7);
#12=IFCLOCALPLACEMENT($,#9);
#13=IFCSITE('2GRpmm2C53xvcqYl7iuJYv',#5,'Site',$,$,#12,$,$,.ELEMENT.,$,$,$,$,$);
#14=IFCLOCALPLACEMENT(#12,#9);
#15=IFCBUILDING('3nYZf7kx5B4eMz$3HiVhDp',#5,'Building',$,$,#14,$,$,.ELEMENT.,$,$,$);
#21=IFCCARTESIANPOINT((0.,0.,${elevation.toFixed(2)}));
#22=IFCAXIS2PLACEMENT3D(#21,$,$);
#16=IFCLOCALPLACEMENT(#14,#22);
#17=IFCBUILDINGSTOREY('${storeyGlobalId}',#5,'Level ${elevation}',$,$,#16,$,$,.ELEMENT.,${elevation.toFixed(2)});
#18=IFCRELAGGREGATES('0Xq3Cq2Hn3xgV$sJzL1m9a',#5,$,$,#11,(#13));
#19=IFCRELAGGREGATES('1Yq3Cq2Hn3xgV$sJzL1m9b',#5,$,$,#13,(#15));
#20=IFCRELAGGREGATES('2Zq3Cq2Hn3xgV$sJzL1m9c',#5,$,$,#15,(#17));
ENDSEC;
END-ISO-10303-21;
`,
    'latin1',
  );
