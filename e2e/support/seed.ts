// What e2e/harness/stack.ts seeds for the specs of organizations, projects, billing and the admin
// lists: users, organizations with their roles, projects, payments and IFC files. Names and
// contents only (no server code), so that specs can import what they assert.
//
// The server allows 5 passcode requests per e-mail per 2 minutes: each of these users belongs to
// one spec and signs in at most once or twice per run.
import crypto from 'node:crypto';

/** orgs-projects.spec: starts with no organization and no project. */
export const OLIVIA = 'olivia@example.com';
/** orgs-projects.spec: the second user olivia adds to her organization and project. */
export const SAM = 'sam@example.com';
/** orgs-projects.spec: never has a role anywhere. */
export const NORA = 'nora@example.com';
/** billing.spec: admin of the two billing organizations. */
export const BIANCA = 'bianca@example.com';
/** admin-orgs-projects.spec: a second platform admin (admin@example.com is signed in by other specs). */
export const ROOT = 'root@example.com';
/** versions.spec: admin of the versions project, edits, syncs and saves it. */
export const VERA = 'vera@example.com';
/** versions.spec: editor of the versions project, syncs first from a second browser. */
export const VICTOR = 'victor@example.com';
/** ifc-upload.spec: admin of the upload project, adds IFC files to it. */
export const UMA = 'uma@example.com';
/** model-editor.spec: admin of the model project, edits its plan. */
export const MORGAN = 'morgan@example.com';
/** view3d.spec: a platform admin who opens the 3D view of her projects. */
export const THEA = 'thea@example.com';
/** view3d.spec: admin of thea's first project, not a platform admin: no 3D view for him. */
export const PETE = 'pete@example.com';
/** electrical-trays.spec: a platform admin (the 3D view shows his trays) who lays out trays on a real model. */
export const ELLIOT = 'elliot@example.com';
/** sync-conflict.spec: admin of the conflict project; her sync meets the 409 and she gets colin's changes, keeping hers. */
export const CORA = 'cora@example.com';
/** sync-conflict.spec: editor of the conflict project, syncs first from a second browser. */
export const COLIN = 'colin@example.com';
/** rough-edges.spec: a standard member of the rough-edges organization and editor of one of its projects; a long e-mail. */
export const ROSALIND = 'rosalind.lindqvist-andersson@example.com';
/** rough-edges.spec: admin of the rough-edges organization and its projects; never signs in. */
export const RUPERT = 'rupert@example.com';
/** clean-preview.spec: admin of the clean project; previews Clean, applies it and undoes it. */
export const CLEO = 'cleo@example.com';
/** fire-module.spec: a standard member of the fire organization (direct billing) and admin of its project; adds the SBF fire module. */
export const FREYA = 'freya@example.com';
/** fire-module.spec: a platform admin; makes his organization prepaid and adds a beta regulation to his project. */
export const FELIX = 'felix@example.com';
/** fire-units.spec: admin of the units organization and its project; places fire units by hand and runs the design. */
export const UNA = 'una@example.com';
/** fire-units-more.spec: admin of the second units organization and its project; pairs, sockets, the More menu, the F§8 messages. */
export const ULRIK = 'ulrik@example.com';
/** fire-units-3d.spec: admin of the 3D units organization and its project; places units and works on them in 3D (not a platform admin). */
export const DARIA = 'daria@example.com';
/** fire-sections.spec: admin of the sections organization and its project; runs, edits and addresses fire sections. */
export const SELMA = 'selma@example.com';
/** fire-equipment.spec: admin of the equipment organization and its project; lays out racks, units, cables and routes. */
export const EDDA = 'edda@example.com';
/** fire-routes.spec: admin of the routes organization and its project; optimizes, edits and draws cable routes. */
export const RUTH = 'ruth@example.com';
/** fire-design-all.spec: admin of the design-all organization and its project; runs Design all without and with a rack. */
export const ADA = 'ada@example.com';
/** fire-revision.spec: admin of the revision organization and its project; designs, changes the building, updates the design. */
export const REVA = 'reva@example.com';
/** fire-export.spec: admin of the direct-billed export organization and its project; cancels, then pays by card. */
export const PAULA = 'paula@example.com';
/** fire-export.spec: a standard member of paula's organization and admin of its second project: may not pay. */
export const PER = 'per@example.com';
/** fire-export.spec: admin of the invoice-billed export organization and its project. */
export const INGRID = 'ingrid@example.com';
/** fire-export.spec: admin of the exempt export organization and its project. */
export const EMIL = 'emil@example.com';
/** fire-export.spec: admin of the prepaid export organization and its project. */
export const PRIYA = 'priya@example.com';
/** fire-units-labels.spec: admin of the labels organization and its project; runs Design all and reads the plan's texts. */
export const LEO = 'leo@example.com';
/** Members of the seeded organizations who never sign in. */
export const IVAN = 'ivan@example.com';
export const IRENE = 'irene@example.com';

export const SEED_USERS = [
  { email: OLIVIA, provider: 'passcode', is_admin: false },
  { email: SAM, provider: 'passcode', is_admin: false },
  { email: NORA, provider: 'passcode', is_admin: false },
  { email: BIANCA, provider: 'passcode', is_admin: false },
  { email: ROOT, provider: 'passcode', is_admin: true },
  { email: IVAN, provider: 'passcode', is_admin: false },
  { email: IRENE, provider: 'passcode', is_admin: false },
  { email: VERA, provider: 'passcode', is_admin: false },
  { email: VICTOR, provider: 'passcode', is_admin: false },
  { email: UMA, provider: 'passcode', is_admin: false },
  { email: MORGAN, provider: 'passcode', is_admin: false },
  { email: THEA, provider: 'passcode', is_admin: true },
  { email: PETE, provider: 'passcode', is_admin: false },
  { email: ELLIOT, provider: 'passcode', is_admin: true },
  { email: CORA, provider: 'passcode', is_admin: false },
  { email: COLIN, provider: 'passcode', is_admin: false },
  { email: ROSALIND, provider: 'passcode', is_admin: false },
  { email: RUPERT, provider: 'passcode', is_admin: false },
  { email: CLEO, provider: 'passcode', is_admin: false },
  { email: FREYA, provider: 'passcode', is_admin: false },
  { email: FELIX, provider: 'passcode', is_admin: true },
  { email: UNA, provider: 'passcode', is_admin: false },
  { email: ULRIK, provider: 'passcode', is_admin: false },
  { email: DARIA, provider: 'passcode', is_admin: false },
  { email: SELMA, provider: 'passcode', is_admin: false },
  { email: EDDA, provider: 'passcode', is_admin: false },
  { email: RUTH, provider: 'passcode', is_admin: false },
  { email: ADA, provider: 'passcode', is_admin: false },
  { email: REVA, provider: 'passcode', is_admin: false },
  { email: PAULA, provider: 'passcode', is_admin: false },
  { email: PER, provider: 'passcode', is_admin: false },
  { email: INGRID, provider: 'passcode', is_admin: false },
  { email: EMIL, provider: 'passcode', is_admin: false },
  { email: PRIYA, provider: 'passcode', is_admin: false },
  { email: LEO, provider: 'passcode', is_admin: false },
] as const;

export interface SeedIfcFile {
  name: string;
  content: Buffer;
  /** False: the ifc_files row exists but the file store lacks its content (a download answers 404). */
  stored: boolean;
}

export interface SeedProject {
  name: string;
  /** In upload order, which is the order the admin list shows them in. */
  ifcFiles: SeedIfcFile[];
  /** Project roles (none: only platform admins see the project). */
  members?: { email: string; role: 'admin' | 'editor' }[];
}

export interface SeedPayment {
  /** The project's name; a name that is not among the organization's projects is a deleted project. */
  project: string;
  module: string;
  num_rooms: number;
  area_sqm: number;
  amount: number;
  currency: string;
  type: string;
  receipt_url: string | null;
  /** ISO time; noon UTC, so that the date shown is the same in every time zone of Europe. */
  created: string;
}

export interface SeedOrg {
  name: string;
  /** 'direct' unless told (the database's default). */
  billing_type?: 'direct' | 'invoice' | 'exempt' | 'prepaid';
  members: { email: string; role: 'admin' | 'standard' }[];
  projects: SeedProject[];
  payments: SeedPayment[];
}

/** A small but well-formed IFC file, different for every name. */
function ifc(name: string, description: string): Buffer {
  return Buffer.from(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
      `FILE_NAME('${name}','2026-01-15T09:30:00',('edrf e2e'),('edrf'),'','','');`,
      "FILE_SCHEMA(('IFC4'));",
      'ENDSEC;',
      'DATA;',
      `#1=IFCPROJECT('${crypto.createHash('sha1').update(name).digest('base64url').slice(0, 22)}',$,'${description}',$,$,$,$,$,$);`,
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n'),
  );
}

export const BILLING_ORG = 'Bianca Bygg AB';
export const QUIET_ORG = 'Bianca Quiet AB';
export const RAIL_ORG = 'Nordic Rail AB';

export const BILLING_PROJECT = 'North Depot';
/** A payment keeps the name of a project that no longer exists. */
export const DELETED_PROJECT = 'Old Warehouse';

export const RAIL_PROJECT = 'Depot Tower';
export const RAIL_IFC_FILES: SeedIfcFile[] = [
  { name: 'Depot-Tower-ARK.ifc', content: ifc('Depot-Tower-ARK.ifc', 'Depot Tower architecture'), stored: true },
  { name: 'Depot Tower EL (rev B).ifc', content: ifc('Depot Tower EL (rev B).ifc', 'Depot Tower electrical'), stored: true },
  { name: 'Depot-Tower-VVS.ifc', content: ifc('Depot-Tower-VVS.ifc', 'Depot Tower plumbing'), stored: false },
];

export const VERSIONS_ORG = 'Vera Bygg AB';
/** versions.spec's project: vera is its admin, victor an editor. */
export const VERSIONS_PROJECT = 'Vera Tower';

export const UPLOAD_ORG = 'Uma Bygg AB';
/** ifc-upload.spec's project: uma is its admin; it starts with no IFC file. */
export const UPLOAD_PROJECT = 'Uma Hall';

export const MODEL_ORG = 'Morgan Bygg AB';
/** model-editor.spec's project: morgan is its admin; it starts with an empty model. */
export const MODEL_PROJECT = 'Morgan House';
/** model-editor.spec's second project: a real IFC file is added to it. */
export const MODEL_IFC_PROJECT = 'Morgan Cottage';

export const VIEW3D_ORG = 'Thea Bygg AB';
/** view3d.spec's projects: thea adds AC20-FZK-Haus.ifc to the first and the Janesville restaurant to the second. */
export const VIEW3D_PROJECT = 'Thea House';
export const VIEW3D_LARGE_PROJECT = 'Thea Restaurant';

export const TRAYS_ORG = 'Elliot El AB';
/** electrical-trays.spec's project: elliot is its admin; AC20-FZK-Haus.ifc is added to it. */
export const TRAYS_PROJECT = 'Elliot Office';

export const CONFLICT_ORG = 'Cora Bygg AB';
/** sync-conflict.spec's project: cora is its admin, colin an editor. */
export const CONFLICT_PROJECT = 'Cora Hall';

export const ROUGH_ORG = 'Rosalind Bygg AB';
/** rough-edges.spec's projects: rosalind is an editor of the first and has no role in the second. */
export const ROUGH_PROJECT = 'Rosalind Hall';
export const ROUGH_HIDDEN_PROJECT = 'Rosalind Vault';

export const CLEAN_ORG = 'Cleo Bygg AB';
/** clean-preview.spec's project: cleo is its admin. */
export const CLEAN_PROJECT = 'Cleo Restaurant';

export const FIRE_ORG = 'Freya Brand AB';
/** fire-module.spec's project: freya is its admin; AC20-FZK-Haus.ifc is added to it and the SBF fire module. */
export const FIRE_PROJECT = 'Freya House';
export const FIRE_BETA_ORG = 'Felix Brand AB';
/** fire-module.spec's second project: felix makes its organization prepaid, adds AC20-FZK-Haus.ifc and BS 5839. */
export const FIRE_BETA_PROJECT = 'Felix House';

export const UNITS_ORG = 'Una Brand AB';
/** fire-units.spec's project: una is its admin; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const UNITS_PROJECT = 'Una Office';

export const UNITS_MORE_ORG = 'Ulrik Brand AB';
/** fire-units-more.spec's project: ulrik is its admin; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const UNITS_MORE_PROJECT = 'Ulrik Office';

export const UNITS_3D_ORG = 'Daria Brand AB';
/** fire-units-3d.spec's project: daria is its admin; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const UNITS_3D_PROJECT = 'Daria Villa';
/** fire-rough-edges-units.spec's project (issue 34): daria in two tabs; FZK-Haus and the SBF fire module are added. */
export const UNITS_EDGES_PROJECT = 'Daria Cottage';

export const SECTIONS_ORG = 'Selma Brand AB';
/** fire-sections.spec's project: selma is its admin; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const SECTIONS_PROJECT = 'Selma House';
/** fire-equipment.spec: edda's organization and project. */
export const EQUIPMENT_ORG = 'Edda Rack AB';
export const EQUIPMENT_PROJECT = 'Edda House';
/** fire-routes.spec: ruth's organization and project; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const ROUTES_ORG = 'Ruth Kabel AB';
export const ROUTES_PROJECT = 'Ruth House';
/** fire-rough-edges-routes.spec's project (issue 34): ruth; FZK-Haus and the SBF fire module are added to it. */
export const ROUTES_EDGES_PROJECT = 'Ruth Cottage';
/** fire-design-all.spec: ada's organization and project; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const DESIGN_ALL_ORG = 'Ada Brand AB';
export const DESIGN_ALL_PROJECT = 'Ada House';
export const REVISION_ORG = 'Reva Revisions AB';
export const REVISION_PROJECT = 'Reva House';
/** fire-revision-reimport.spec: reva's second project, where the revision comes as a re-imported IFC file. */
export const REVISION_REIMPORT_PROJECT = 'Reva House B';

/** fire-units-labels.spec (issue 34): leo's organization and project; AC20-FZK-Haus.ifc and the SBF fire module are added to it. */
export const LABELS_ORG = 'Leo Brand AB';
export const LABELS_PROJECT = 'Leo House';

/** fire-export.spec's organizations, one per billing type, and their projects. */
export const EXPORT_DIRECT_ORG = 'Paula Brand AB';
export const EXPORT_DIRECT_PROJECT = 'Paula House';
export const EXPORT_NOT_ADMIN_PROJECT = 'Per House';
export const EXPORT_INVOICE_ORG = 'Ingrid Faktura AB';
export const EXPORT_INVOICE_PROJECT = 'Ingrid House';
export const EXPORT_EXEMPT_ORG = 'Emil Undantag AB';
export const EXPORT_EXEMPT_PROJECT = 'Emil House';
export const EXPORT_PREPAID_ORG = 'Priya Förbetalt AB';
export const EXPORT_PREPAID_PROJECT = 'Priya House';

export const SEED_ORGS: SeedOrg[] = [
  {
    name: BILLING_ORG,
    members: [
      { email: BIANCA, role: 'admin' },
      { email: IRENE, role: 'standard' },
    ],
    projects: [{ name: BILLING_PROJECT, ifcFiles: [] }],
    payments: [
      {
        project: BILLING_PROJECT,
        module: 'electrical',
        num_rooms: 12,
        area_sqm: 1345.25,
        amount: 12345.5,
        currency: 'sek',
        type: 'card',
        receipt_url: 'https://receipts.example.com/r/1001',
        created: '2026-03-02T12:00:00Z',
      },
      {
        project: DELETED_PROJECT,
        module: 'fire',
        num_rooms: 4,
        area_sqm: 80,
        amount: 99,
        currency: 'eur',
        type: 'invoice',
        receipt_url: null,
        created: '2026-05-14T12:00:00Z',
      },
    ],
  },
  { name: QUIET_ORG, members: [{ email: BIANCA, role: 'admin' }], projects: [], payments: [] },
  {
    name: RAIL_ORG,
    members: [
      { email: IVAN, role: 'admin' },
      { email: IRENE, role: 'standard' },
    ],
    projects: [{ name: RAIL_PROJECT, ifcFiles: RAIL_IFC_FILES }],
    payments: [],
  },
  {
    name: VERSIONS_ORG,
    members: [
      { email: VERA, role: 'admin' },
      { email: VICTOR, role: 'standard' },
    ],
    projects: [
      {
        name: VERSIONS_PROJECT,
        ifcFiles: [],
        members: [
          { email: VERA, role: 'admin' },
          { email: VICTOR, role: 'editor' },
        ],
      },
    ],
    payments: [],
  },
  {
    name: UPLOAD_ORG,
    members: [{ email: UMA, role: 'admin' }],
    projects: [{ name: UPLOAD_PROJECT, ifcFiles: [], members: [{ email: UMA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: MODEL_ORG,
    members: [{ email: MORGAN, role: 'admin' }],
    projects: [
      { name: MODEL_PROJECT, ifcFiles: [], members: [{ email: MORGAN, role: 'admin' }] },
      { name: MODEL_IFC_PROJECT, ifcFiles: [], members: [{ email: MORGAN, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: VIEW3D_ORG,
    members: [
      { email: THEA, role: 'admin' },
      { email: PETE, role: 'standard' },
    ],
    projects: [
      {
        name: VIEW3D_PROJECT,
        ifcFiles: [],
        members: [
          { email: THEA, role: 'admin' },
          { email: PETE, role: 'admin' },
        ],
      },
      { name: VIEW3D_LARGE_PROJECT, ifcFiles: [], members: [{ email: THEA, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: TRAYS_ORG,
    members: [{ email: ELLIOT, role: 'admin' }],
    projects: [{ name: TRAYS_PROJECT, ifcFiles: [], members: [{ email: ELLIOT, role: 'admin' }] }],
    payments: [],
  },
  {
    name: CONFLICT_ORG,
    members: [
      { email: CORA, role: 'admin' },
      { email: COLIN, role: 'standard' },
    ],
    projects: [
      {
        name: CONFLICT_PROJECT,
        ifcFiles: [],
        members: [
          { email: CORA, role: 'admin' },
          { email: COLIN, role: 'editor' },
        ],
      },
    ],
    payments: [],
  },
  {
    name: ROUGH_ORG,
    members: [
      { email: RUPERT, role: 'admin' },
      { email: ROSALIND, role: 'standard' },
    ],
    projects: [
      {
        name: ROUGH_PROJECT,
        ifcFiles: [],
        members: [
          { email: RUPERT, role: 'admin' },
          { email: ROSALIND, role: 'editor' },
        ],
      },
      { name: ROUGH_HIDDEN_PROJECT, ifcFiles: [], members: [{ email: RUPERT, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: CLEAN_ORG,
    members: [{ email: CLEO, role: 'admin' }],
    projects: [{ name: CLEAN_PROJECT, ifcFiles: [], members: [{ email: CLEO, role: 'admin' }] }],
    payments: [],
  },
  {
    name: FIRE_ORG,
    members: [{ email: FREYA, role: 'standard' }],
    projects: [{ name: FIRE_PROJECT, ifcFiles: [], members: [{ email: FREYA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: FIRE_BETA_ORG,
    members: [{ email: FELIX, role: 'admin' }],
    projects: [{ name: FIRE_BETA_PROJECT, ifcFiles: [], members: [{ email: FELIX, role: 'admin' }] }],
    payments: [],
  },
  {
    name: UNITS_ORG,
    members: [{ email: UNA, role: 'admin' }],
    projects: [{ name: UNITS_PROJECT, ifcFiles: [], members: [{ email: UNA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: UNITS_MORE_ORG,
    members: [{ email: ULRIK, role: 'admin' }],
    projects: [{ name: UNITS_MORE_PROJECT, ifcFiles: [], members: [{ email: ULRIK, role: 'admin' }] }],
    payments: [],
  },
  {
    name: UNITS_3D_ORG,
    members: [{ email: DARIA, role: 'admin' }],
    projects: [
      { name: UNITS_3D_PROJECT, ifcFiles: [], members: [{ email: DARIA, role: 'admin' }] },
      { name: UNITS_EDGES_PROJECT, ifcFiles: [], members: [{ email: DARIA, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: SECTIONS_ORG,
    members: [{ email: SELMA, role: 'admin' }],
    projects: [{ name: SECTIONS_PROJECT, ifcFiles: [], members: [{ email: SELMA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: EQUIPMENT_ORG,
    members: [{ email: EDDA, role: 'admin' }],
    projects: [{ name: EQUIPMENT_PROJECT, ifcFiles: [], members: [{ email: EDDA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: ROUTES_ORG,
    members: [{ email: RUTH, role: 'admin' }],
    projects: [
      { name: ROUTES_PROJECT, ifcFiles: [], members: [{ email: RUTH, role: 'admin' }] },
      { name: ROUTES_EDGES_PROJECT, ifcFiles: [], members: [{ email: RUTH, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: DESIGN_ALL_ORG,
    members: [{ email: ADA, role: 'admin' }],
    projects: [{ name: DESIGN_ALL_PROJECT, ifcFiles: [], members: [{ email: ADA, role: 'admin' }] }],
    payments: [],
  },
  {
    name: REVISION_ORG,
    members: [{ email: REVA, role: 'admin' }],
    projects: [
      { name: REVISION_PROJECT, ifcFiles: [], members: [{ email: REVA, role: 'admin' }] },
      { name: REVISION_REIMPORT_PROJECT, ifcFiles: [], members: [{ email: REVA, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: LABELS_ORG,
    members: [{ email: LEO, role: 'admin' }],
    projects: [{ name: LABELS_PROJECT, ifcFiles: [], members: [{ email: LEO, role: 'admin' }] }],
    payments: [],
  },
  {
    name: EXPORT_DIRECT_ORG,
    members: [
      { email: PAULA, role: 'admin' },
      { email: PER, role: 'standard' },
    ],
    projects: [
      { name: EXPORT_DIRECT_PROJECT, ifcFiles: [], members: [{ email: PAULA, role: 'admin' }] },
      { name: EXPORT_NOT_ADMIN_PROJECT, ifcFiles: [], members: [{ email: PER, role: 'admin' }] },
    ],
    payments: [],
  },
  {
    name: EXPORT_INVOICE_ORG,
    billing_type: 'invoice',
    members: [{ email: INGRID, role: 'admin' }],
    projects: [{ name: EXPORT_INVOICE_PROJECT, ifcFiles: [], members: [{ email: INGRID, role: 'admin' }] }],
    payments: [],
  },
  {
    name: EXPORT_EXEMPT_ORG,
    billing_type: 'exempt',
    members: [{ email: EMIL, role: 'admin' }],
    projects: [{ name: EXPORT_EXEMPT_PROJECT, ifcFiles: [], members: [{ email: EMIL, role: 'admin' }] }],
    payments: [],
  },
  {
    name: EXPORT_PREPAID_ORG,
    billing_type: 'prepaid',
    members: [{ email: PRIYA, role: 'admin' }],
    projects: [{ name: EXPORT_PREPAID_PROJECT, ifcFiles: [], members: [{ email: PRIYA, role: 'admin' }] }],
    payments: [],
  },
];
