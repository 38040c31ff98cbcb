/**
 * A sheet's columns in other languages (docs/sources.md "Languages", docs/api.md §10.24):
 * `title@de`, `description@fr`, `performers@de`, a tour's `location@de`; a column the venue file
 * does not translate, a language we do not speak or one given twice refuses the sheet at its
 * header cell.
 */
import { describe, expect, it } from 'vitest';
import { eventsFromCsv } from '../../server/sources/csv.js';
import { SourceFormatError, type SourceProblem } from '../../server/sources/source-event.js';

const context = { zone: 'Europe/London', now: new Date('2027-03-01T12:00:00Z') };
const sheet = (...lines: string[]) => lines.join('\r\n') + '\r\n';

function problemsOf(text: string): SourceProblem[] {
  try {
    eventsFromCsv(text, context);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceFormatError);
    return (error as SourceFormatError).problems;
  }
  return expect.unreachable('the sheet was read');
}

describe('a sheet with columns in other languages', () => {
  it('gives each event the texts its row has in each language', () => {
    const { events, skipped } = eventsFromCsv(
      sheet(
        'title,Title@de,description@fr-BE,date,time,performers,performers@de,category@de',
        'Late Jazz,Später Jazz,"Une nuit\nde jazz",2027-03-10,20:00,Trio;Duo,Das Trio; Das Duo,',
        'Quiz,,,2027-03-11,19:00,,,',
      ),
      context,
    );
    expect(skipped).toEqual([]);
    expect(events.map((e) => e.event.translations)).toEqual([
      {
        de: { title: 'Später Jazz', performers: ['Das Trio', 'Das Duo'] },
        fr: { description: '<p>Une nuit<br>de jazz</p>' },
      },
      undefined,
    ]);
  });

  it('gives a tour’s stop its own location in each language', () => {
    const { events } = eventsFromCsv(
      sheet(
        'uid,title,date,time,location,location@de',
        'tour,Tour,2027-03-10,20:00,Main Hall,Großer Saal',
        'tour,Tour,2027-03-12,20:00,Garden,Garten',
      ),
      context,
    );
    const [tour] = events;
    expect(tour?.event.translations).toEqual({ de: { location: 'Großer Saal' } });
    expect(tour?.event.occurrences?.map((o) => o.translations)).toEqual([
      undefined,
      { de: { location: 'Garten' } },
    ]);
  });

  it.each([
    ['date@de', 'row 1, date@de'],
    ['title@xx', 'row 1, title@xx'],
    ['title@ja', 'row 1, title@ja'],
  ])('refuses the column %s at its header cell', (column, path) => {
    const problems = problemsOf(sheet(`title,date,time,${column}`, 'A,2027-03-10,20:00,B'));
    expect(problems.map((p) => p.path)).toEqual([path]);
  });

  it('refuses one column given twice in one language', () => {
    const problems = problemsOf(
      sheet('title,date,time,title@de,title@de-AT', 'A,2027-03-10,20:00,B,C'),
    );
    expect(problems).toEqual([
      { path: 'row 1, title@de-AT', message: 'column given twice (title in de)' },
    ]);
  });
});
