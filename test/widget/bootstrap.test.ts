import { expect } from 'chai';
import { cleanup, deepQuery, frozen, loaded, mount } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

const KEY_PARTS = [
  '[part="card"]',
  '[part="title"]',
  '[part="date"]',
  '[part="badge"]',
  '[part="buy-button"]',
  '[part="page-button"]',
];
const PROPS = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'line-height',
  'padding-top',
  'padding-left',
  'margin-top',
  'border-top-width',
  'border-radius',
  'text-decoration-line',
  'text-transform',
  'letter-spacing',
  'display',
  'width',
];

async function snapshot(): Promise<Record<string, string>> {
  const el = mount<VenueEvents>(
    '<venue-events venue="many" locale="en"></venue-events>',
    (e) => (e.clock = frozen),
  );
  el.style.width = '900px';
  el.style.fontFamily = 'serif';
  await loaded(el);
  const out: Record<string, string> = {};
  for (const part of KEY_PARTS) {
    const node = deepQuery(el, part);
    if (!node) continue;
    const style = getComputedStyle(node);
    for (const prop of PROPS) out[`${part} ${prop}`] = style.getPropertyValue(prop);
  }
  cleanup();
  return out;
}

describe('under aggressive global CSS (Bootstrap 5)', () => {
  it('key parts compute the same styles with and without bootstrap.min.css', async () => {
    const plain = await snapshot();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/node_modules/bootstrap/dist/css/bootstrap.min.css';
    await new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
      document.head.append(link);
    });
    try {
      expect(getComputedStyle(document.body).marginTop).to.equal('0px'); // Bootstrap is applied
      const styled = await snapshot();
      expect(Object.keys(plain).length).to.be.greaterThan(50);
      expect(styled).to.deep.equal(plain);
    } finally {
      link.remove();
    }
  });
});
