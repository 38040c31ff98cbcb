/**
 * iCalendar text read by an implementation that is not ours nor ical.js: python-icalendar
 * (Debian's `python3-icalendar`, installed by scripts/provision.mjs), so a test's expectations
 * about a calendar file do not come from the library that wrote or reads it elsewhere.
 */
import { execFileSync } from 'node:child_process';

/** One component as python-icalendar reads it: its name, its properties as text, its children. */
export interface ReadComponent {
  name: string;
  /** Each property's values as python-icalendar writes them back (`to_ical`), by upper-case name. */
  properties: Record<string, string[]>;
  /** DTSTART/DTEND/TRIGGER… as python reads them: an ISO 8601 instant or a duration in seconds. */
  decoded: Record<string, string>;
  components: ReadComponent[];
}

const SCRIPT = String.raw`
import json, sys, datetime
from icalendar import Calendar
def walk(c):
    props, decoded = {}, {}
    for name, value in c.property_items(recursive=False):
        if name in ('BEGIN', 'END'):
            continue
        props.setdefault(name, []).append(value.to_ical().decode() if hasattr(value, 'to_ical') else str(value))
        try:
            d = c.decoded(name)
        except Exception:
            continue
        if isinstance(d, datetime.datetime):
            decoded[name] = d.astimezone(datetime.timezone.utc).isoformat() if d.tzinfo else d.isoformat()
        elif isinstance(d, datetime.timedelta):
            decoded[name] = str(int(d.total_seconds()))
    return {'name': c.name, 'properties': props, 'decoded': decoded,
            'components': [walk(s) for s in c.subcomponents]}
print(json.dumps(walk(Calendar.from_ical(sys.stdin.read()))))
`;

/**
 * `text` parsed by python-icalendar.
 * @throws Error with python's message when it cannot read the text as a calendar
 */
export function readWithPythonIcalendar(text: string): ReadComponent {
  const out = execFileSync('/usr/bin/python3', ['-c', SCRIPT], { input: text, encoding: 'utf8' });
  return JSON.parse(out) as ReadComponent;
}
