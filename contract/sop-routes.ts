/** The API paths of the SOP area (SPEC §7 SOP), relative to the API base. */
export const sopRoutes = {
  documents: '/sop/documents',
  documentUpdate: '/sop/documents/update/:id',
  document: '/sop/documents/:id',
  /** Ours: the SOP's name, department, client, industry and product type. */
  documentDetails: '/sop/documents/:id/details',
  references: '/sop/documents/references',
  referenceAdd: '/sop/documents/reference',
  reference: '/sop/documents/references/:id',
  archived: '/sop/archived/documents',
  archive: '/sop/archived/documents/:id',
  unarchive: '/sop/archived/documents/unarchive/:id',
  archivedDelete: '/sop/archived',
  countries: '/sop/countries',
  clients: '/sop/clients',
  clientAdd: '/sop/clients/:first_name',
  products: '/sop/products',
  industries: '/sop/industries',
  /** Ours: the departments where the caller may add SOPs (the upload form's choices). */
  departments: '/sop/departments',
  checklists: '/sop/checklists',
  checklist: '/sop/checklists/:id',
  checklistReferences: '/sop/checklists/references/:id',
  checklistVersions: '/sop/checklists/:id/versions',
  // The checklist service (SPEC §7: "a separate external service"), at its own base address.
  saveChecklist: '/sop/save_checklist',
  exportChecklist: '/sop/export_checklist',
} as const;
