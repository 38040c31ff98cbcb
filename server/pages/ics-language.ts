/**
 * `SUMMARY;LANGUAGE=de:` in a calendar file (RFC 5545 §3.2.10; docs/api.md §10.6, §10.24): the
 * title of an event whose text is a translation says its language. ical-generator writes no
 * parameter on `SUMMARY`, so the file it wrote is amended: each such event's `SUMMARY` line,
 * unfolded, given the parameter and folded again at 75 octets; every other line as written.
 */

/** The octets of the first line of a folded content line (RFC 5545 §3.1), a space then each next. */
const LINE_OCTETS = 75;

/** `line` folded at `LINE_OCTETS` octets, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * `text`, an iCalendar file, with the `SUMMARY` of each event whose `UID` is a key of
 * `languages` tagged with its language (`SUMMARY;LANGUAGE=de:…`); `text` itself when there is
 * none.
 */
export function withSummaryLanguages(text: string, languages: ReadonlyMap<string, string>): string {
  if (languages.size === 0) return text;
  // Content lines, each with the folded lines it was written on.
  const lines = text.split('\r\n').reduce<string[]>((all, line) => {
    if ((line.startsWith(' ') || line.startsWith('\t')) && all.length > 0)
      all[all.length - 1] += `\r\n${line}`;
    else all.push(line);
    return all;
  }, []);
  const unfolded = (line: string) => line.replace(/\r\n[ \t]/g, '');
  let language: string | undefined;
  let summary = -1;
  lines.forEach((line, i) => {
    const value = unfolded(line);
    if (value === 'BEGIN:VEVENT') [language, summary] = [undefined, -1];
    else if (value.startsWith('UID:')) language = languages.get(value.slice(4));
    else if (value.startsWith('SUMMARY:')) summary = i;
    else if (value === 'END:VEVENT' && language !== undefined && summary !== -1)
      lines[summary] = fold(`SUMMARY;LANGUAGE=${language}:${unfolded(lines[summary]!).slice(8)}`);
  });
  return lines.join('\r\n');
}
