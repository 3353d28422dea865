/** A date as the API shows it (ISO 8601), or null when there is none. */
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** When a record was made and last changed, as the API shows them. */
export const recordDates = (r: { createdDate: Date; updatedDate: Date }) => ({ createdDate: r.createdDate.toISOString(), updatedDate: r.updatedDate.toISOString() });
