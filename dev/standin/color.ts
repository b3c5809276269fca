// Colours as Sheets reports them back: lower-case, null/'' meaning "none".

export function normalizeColor(color: unknown): string | undefined {
  if (color === null || color === undefined || color === '') return undefined;
  return String(color).toLowerCase();
}
