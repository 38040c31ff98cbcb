import { frozen, loaded, mount } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
it('debug', async () => {
  const el = mount<VenueEvents>(`<venue-events venue="find" locale="en"></venue-events>`, (e) => {
    e.clock = frozen;
  });
  await loaded(el);
  const f = el.shadowRoot!.querySelector('venue-events-filters')!;
  const card = () => el.shadowRoot!.querySelector('[part="card"]')!.getBoundingClientRect().top;
  console.log(
    'before',
    card(),
    f.getBoundingClientRect().height,
    getComputedStyle(f).paddingTop,
    el.getBoundingClientRect().width,
  );
  await new Promise((r) => setTimeout(r, 1500));
  console.log(
    'after',
    card(),
    f.getBoundingClientRect().height,
    getComputedStyle(f).paddingTop,
    f.matches(':defined'),
  );
  const bar = f.querySelector('.bar')!;
  console.log(
    [...bar.children]
      .map((c) => c.tagName + ':' + JSON.stringify(c.getBoundingClientRect().toJSON()))
      .join('\n'),
  );
});
