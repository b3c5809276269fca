// The blocks of bench/results.md that bench/month-run.ts writes (a run of days, apart from `npm run bench`):
// put in place by name, and carried over when `npm run bench` writes the rest of the file again.

const HEADING = '## A list left running (auto mode, `npx tsx bench/month-run.ts`)';
const start = (name: string) => `<!-- month:${name} -->`;
const end = (name: string) => `<!-- /month:${name} -->`;

/** The file with the named block set to `md` (the section made when missing). */
export function keepBlock(file: string, name: string, md: string): string {
  const block = `${start(name)}\n${md}\n${end(name)}`;
  const i = file.indexOf(start(name));
  if (i >= 0) return file.slice(0, i) + block + file.slice(file.indexOf(end(name)) + end(name).length);
  if (!file.includes(HEADING)) return `${file.trimEnd()}\n\n${HEADING}\n\n${block}\n`;
  const at = file.indexOf(HEADING) + HEADING.length;
  return `${file.slice(0, at)}\n\n${block}${file.slice(at)}`;
}

/** The section as the old file holds it, for `npm run bench` to keep; '' when there is none. */
export function monthSection(file: string): string {
  const i = file.indexOf(HEADING);
  if (i < 0) return '';
  const next = file.indexOf('\n## ', i + HEADING.length);
  return file.slice(i, next < 0 ? undefined : next).trimEnd();
}
