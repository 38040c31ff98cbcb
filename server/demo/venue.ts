/**
 * The demo venue: every state the API can show, dated relative to the day it is generated so the
 * demo never goes stale. Used by `npm start` when the database holds no venue.
 */
import { DateTime } from 'luxon';

export const DEMO_SLUG = 'blue-room';
export const DEMO_NAME = 'The Blue Room (demo)';
const ZONE = 'Europe/London';

/** Venue-local dates and instants counted from the demo's "today". */
interface DemoCalendar {
  /** `YYYY-MM-DD` of today + `n` days. */
  day(n: number): string;
  /** UTC ISO instant of `time` (`HH:MM`) on today + `n` days, venue-local. */
  at(n: number, time: string): string;
}

function demoCalendar(now: Date): DemoCalendar {
  const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
  const day = (n: number) => today.plus({ days: n }).toISODate()!;
  return {
    day,
    at: (n, time) =>
      DateTime.fromISO(`${day(n)}T${time}`, { zone: ZONE })
        .toUTC()
        .toISO()!,
  };
}

type DemoEvent = Record<string, unknown>;
/** A single-date event `n` days from today, with the next id. */
type SingleEvent = (n: number, time: string, fields: DemoEvent) => DemoEvent;

const BASE = {
  category: 'Live music',
  location: 'Main Room',
  status: 'published',
  tickets_enabled: true,
  show_images: true,
};

/**
 * A venue file (docs/venue-file.md) for the demo venue, with dates counted from the
 * venue-local day of `now`. Ids run from 101 in the order below.
 */
export function demoVenueFile(now: Date): unknown {
  const { day, at } = demoCalendar(now);
  let id = 100;
  const nextId = () => ++id;
  const single: SingleEvent = (n, time, fields) => ({
    ...BASE,
    id: nextId(),
    date: day(n),
    time,
    ...fields,
  });
  const events = [
    ...featuredEvents(single, day, at, nextId),
    ...fillerEvents(single),
    ...unlistedEvents(single, at),
    ...pastEvents(single),
  ].map((event) => ({
    ...event,
    ...DEMO_FACTS[event.slug as string],
    ...DEMO_TRANSLATIONS[event.slug as string],
    ...demoSchedule(day)[event.slug as string],
  }));
  return {
    venues: [
      {
        slug: DEMO_SLUG,
        name: DEMO_NAME,
        timezone: ZONE,
        // Structured data (`location.url`, `location.address`); `.example` is reserved (RFC 2606).
        url: 'https://blue-room.example/',
        address: {
          streetAddress: '1 Example Street',
          addressLocality: 'London',
          postalCode: 'N1 9ZZ',
          addressCountry: 'GB',
        },
        events,
      },
    ],
  };
}

/**
 * The facts of docs/api.md §10.18 by event slug, showing every case: free (Open Mic), one price
 * and a night ending after midnight (Late Night Jazz, 19:30–01:00), a range (the tour, whose
 * London stop has its own end), a range in another currency (Afrobeat Collective, EUR),
 * performers, few tickets left while sales are open (Songwriters) and after sales were closed
 * by hand (Comedy Night: the closed office wins, so it is not served).
 */
const DEMO_FACTS: Record<string, DemoEvent> = {
  'open-mic': { end_time: '23:30', price: { currency: 'GBP', min: '0' } },
  'late-night-jazz': {
    end_time: '01:00',
    price: { currency: 'GBP', min: '15' },
    performers: ['The Blue Notes Trio', 'Ana Ruiz'],
  },
  'wandering-strings-tour': {
    end_time: '22:00',
    price: { currency: 'GBP', min: '18', max: '24' },
    performers: ['The Wandering Strings'],
  },
  'comedy-night': { price: { currency: 'GBP', min: '10' }, few_tickets_left: true },
  'songwriters-round': {
    end_time: '22:00',
    price: { currency: 'GBP', min: '12', max: '18' },
    performers: ['Maya Lind', 'Tom Okafor', 'Ruth Evans', 'Dan Byrne'],
    few_tickets_left: true,
  },
  'afrobeat-collective': {
    price: { currency: 'EUR', min: '12.50', max: '20' },
    performers: ['Kofi Mensah', 'Lagos Brass'],
  },
};

/**
 * The venue's own words in German and French (docs/api.md §10.24) by event slug, so `npm start`
 * shows them (`?locale=de`, a German browser's pages): whole translations, one with a title only
 * (its description stays the venue's English), and a tour whose London stop is named in each.
 */
const DEMO_TRANSLATIONS: Record<string, DemoEvent> = {
  'open-mic': {
    translations: {
      de: {
        title: 'Heute: Offene Bühne',
        category: 'Offene Bühne',
        description: '<p>Anmeldung ab 20 Uhr. <em>Alle sind willkommen.</em></p>',
      },
      fr: {
        title: 'Ce soir : scène ouverte',
        category: 'Scène ouverte',
        description: '<p>Inscriptions dès 20 h. <em>Tout le monde est bienvenu.</em></p>',
      },
    },
  },
  'late-night-jazz': {
    translations: {
      de: {
        title: 'Jazz bis spät in die Nacht',
        description:
          '<p>Trio mit <strong>Gästen</strong>.</p><ul><li>Einlass 19 Uhr</li><li>Bar bis spät geöffnet</li></ul>',
      },
      fr: { title: 'Jazz tard dans la nuit' },
    },
  },
  'wandering-strings-tour': {
    translations: {
      de: {
        title: 'The Wandering Strings — Tournee durch Großbritannien',
        description: '<p>Ein Streichquartett auf Reisen. Wählen Sie Ihren Abend.</p>',
      },
      fr: {
        title: 'The Wandering Strings — tournée au Royaume-Uni',
        description: '<p>Un quatuor à cordes en tournée. Choisissez votre date.</p>',
      },
    },
  },
  'comedy-night': {
    translations: {
      de: { title: 'Comedy-Abend', description: '<p>Fünf Comedians, ein Mikro.</p>' },
      fr: { title: 'Soirée humour', description: '<p>Cinq humoristes, un micro.</p>' },
    },
  },
};

/**
 * The members of docs/api.md §10.20 by event slug: doors and age limits on page 1 (21+ beside
 * 18+, and 14+), a night postponed and one rescheduled on page 2 (so the first page keeps every
 * ticket-office state of the featured events).
 */
const demoSchedule = (day: DemoCalendar['day']): Record<string, DemoEvent> => ({
  'late-night-jazz': { doors_time: '19:00', min_age: 21 },
  'songwriters-round': { doors_time: '18:45', min_age: 14 },
  'latin-night': {
    schedule_status: 'postponed',
    status_reason: 'The band’s tour is on hold; tickets stay valid for the new date.',
  },
  'quiz-and-tunes': {
    schedule_status: 'rescheduled',
    previous_date: day(9),
    previous_time: '19:30',
    status_reason: 'Moved to make room for the Songwriters.',
    doors_time: '19:30',
  },
});

/** Nights that have been: the past events' list (`when=past`), newest first. Ids after the rest. */
function pastEvents(single: SingleEvent): DemoEvent[] {
  return [
    ['Harvest Ceilidh', 'harvest-ceilidh', 'Folk', -12],
    ['Autumn Jazz Weekender', 'autumn-jazz-weekender', 'Jazz', -40],
    ['Summer Soul Revue', 'summer-soul-revue', 'Soul', -130],
  ].map(([title, slug, category, n]) =>
    single(n as number, '20:00', {
      title,
      slug,
      category,
      description: `<p>${title as string}: thank you to everyone who came.</p>`,
    }),
  );
}

/** The first week or so: one event in each state the API can show, and a tour. */
function featuredEvents(
  single: SingleEvent,
  day: DemoCalendar['day'],
  at: DemoCalendar['at'],
  nextId: () => number,
): DemoEvent[] {
  return [
    single(0, '21:00', {
      title: 'Tonight: Open Mic',
      slug: 'open-mic',
      category: 'Open mic',
      description: '<p>Sign-up from 8pm. <em>Everyone welcome.</em></p>',
      tickets_enabled: false,
      show_images: false,
    }),
    single(2, '19:30', {
      title: 'Late Night Jazz',
      slug: 'late-night-jazz',
      category: 'Jazz',
      over_18: true,
      small_image_path: '/storage/demo/jazz.svg',
      description:
        '<p>Trio set with <strong>special guests</strong>.</p><ul><li>Doors 7pm</li><li>Bar open late</li></ul>',
      access: ['wheelchair', 'step_free', 'hearing_loop'],
      sales: { close_at: at(2, '17:00'), message: 'Remaining tickets on the door.' },
    }),
    {
      ...BASE,
      id: nextId(),
      title: 'The Wandering Strings — UK Tour',
      slug: 'wandering-strings-tour',
      category: 'Folk',
      small_image_path: '/storage/demo/strings.svg',
      description: '<p>A string quartet on the road. Pick your stop.</p>',
      // Every stop is step-free; the London stop replaces that with its own, fuller list.
      access: ['step_free'],
      occurrences: [
        { date: day(-6), time: '19:00', location: 'Leeds, Brudenell Social Club' },
        {
          date: day(3),
          time: '19:30',
          location: 'The Blue Room, London',
          translations: {
            de: { location: 'The Blue Room, London' },
            fr: { location: 'The Blue Room, Londres' },
          },
          access: ['wheelchair', 'step_free', 'captioned', 'sign_language'],
          end_time: '22:15',
        },
        { date: day(10), time: '20:00', location: 'Bristol, The Fleece', status: 'cancelled' },
        { date: day(17), time: '19:00', location: 'Glasgow, King Tut’s' },
      ],
    },
    single(4, '20:00', {
      title: 'Comedy Night',
      slug: 'comedy-night',
      category: 'Comedy',
      over_18: true,
      description: '<p>Five comics, one mic.</p>',
      sales: {
        closed_manually_at: at(-1, '12:00'),
        message: 'Sold out online — a few tickets on the door from 7pm.',
      },
    }),
    single(5, '19:00', {
      title: 'Poetry Slam',
      slug: 'poetry-slam',
      category: 'Spoken word',
      small_image_path: '/storage/demo/poetry.svg',
      description: '<p>Three minutes, no props.</p>',
      access: ['wheelchair', 'captioned', 'audio_described'],
      sales: { close_at: at(-1, '18:00'), message: 'Online sales have ended; pay at the door.' },
    }),
    single(6, '20:00', {
      title: 'Electro Swing Party',
      slug: 'electro-swing',
      category: 'Club night',
      status: 'cancelled',
      cancellation_reason: 'The headliner is ill. Refunds go out automatically.',
      cancelled_at: at(-2, '10:15'),
      description: '<p>Dress code: 1920s.</p>',
    }),
    single(8, '19:30', {
      title: 'Songwriters in the Round',
      slug: 'songwriters-round',
      category: 'Acoustic',
      description: '<p>Four writers, one stage, stories behind the songs.</p>',
      sales: { close_at: at(8, '16:00') },
      access: ['wheelchair', 'relaxed', 'quiet_space'],
    }),
  ];
}

/** Enough ordinary nights to fill a second page. */
function fillerEvents(single: SingleEvent): DemoEvent[] {
  return [
    ['Blues Jam', 'blues-jam', 'Blues'],
    ['Afrobeat Collective', 'afrobeat-collective', 'Afrobeat'],
    ['Piano Recital: Chopin', 'chopin-recital', 'Classical'],
    ['Indie Showcase', 'indie-showcase', 'Indie'],
    ['Big Band Sunday', 'big-band-sunday', 'Jazz'],
    ['Latin Night', 'latin-night', 'Latin'],
    ['Quiz & Tunes', 'quiz-and-tunes', 'Quiz'],
  ].map(([title, slug, category], i) =>
    single(11 + i * 3, i % 2 ? '20:00' : '19:30', {
      title,
      slug,
      category,
      small_image_path: i % 3 === 0 ? '/storage/demo/jazz.svg' : null,
      description: `<p>${title} at the Blue Room.</p>`,
    }),
  );
}

/** Events the list never shows: past (by id only), draft, private and hidden-cancelled. */
function unlistedEvents(single: SingleEvent, at: DemoCalendar['at']): DemoEvent[] {
  return [
    single(-3, '20:00', {
      title: 'Last Week’s Gig',
      slug: 'last-weeks-gig',
      description: '<p>Already happened: shown only by id, with sales ended.</p>',
    }),
    single(9, '20:00', { title: 'Draft: Secret Show', slug: 'secret-show', status: 'draft' }),
    single(9, '21:00', { title: 'Private Party', slug: 'private-party', visibility: 'private' }),
    single(12, '20:00', {
      title: 'Withdrawn Gig',
      slug: 'withdrawn-gig',
      status: 'cancelled',
      cancelled_visibility: 'hidden',
      cancellation_reason: 'Withdrawn.',
      cancelled_at: at(-1, '09:00'),
    }),
  ];
}
