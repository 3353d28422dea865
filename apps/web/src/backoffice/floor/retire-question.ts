/**
 * Ours (the spec asks nothing before a resize): the question before a resize that retires tables,
 * naming the tables numbered above the new size, or null when it retires none.
 */
export function retireQuestion(tableNumbers: readonly number[], size: number): string | null {
  const retired = [...new Set(tableNumbers.filter((n) => n > size))].sort((a, b) => a - b);
  if (retired.length === 0) return null;
  if (retired.length === 1) return `Table ${retired[0]} will be retired. Are you sure?`;
  const first = retired[0];
  const last = retired[retired.length - 1];
  const names = last - first + 1 === retired.length ? `${first} to ${last}` : `${retired.slice(0, -1).join(', ')} and ${last}`;
  return `Tables ${names} will be retired. Are you sure?`;
}
