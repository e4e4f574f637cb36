/** YYYY-MM-DD (spec §9), or null when there is no date (shown as 'unlimited'). */
export function formatDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getFullYear();
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** YYYY-MM-DD HH:mm, for messages and uploads where the time matters. */
export function formatDateTime(value: string | Date | null | undefined): string | null {
  const day = formatDate(value);
  if (!day || value === null || value === undefined) return day;
  const date = value instanceof Date ? value : new Date(value);
  const hours = String(date.getHours()).padStart(2, '0');
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${day} ${hours}:${minutes}`;
}
