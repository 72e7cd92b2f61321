/** The content types POST /api/me/archive reads. */
export const ArchiveContentType = {
  json: 'application/json',
  car: 'application/vnd.ipld.car',
  zip: 'application/zip',
} as const;
