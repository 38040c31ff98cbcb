/** widget/format.ts (in Chromium: the excerpt parses HTML with DOMParser). */
import { expect } from 'chai';
import {
  closingText,
  datetimeAttr,
  clip,
  excerpt,
  formatEventDate,
  formatStopDate,
  formatTime,
  safeUrl,
} from '../../widget/format.js';
import { priceText as formatPrice } from '../../shared/rules/price-text.js';
import { resolveI18n } from '../../widget/i18n/load.js';

const { t } = resolveI18n('en', document.body);
const NOW = Date.parse('2026-12-05T12:00:00Z');

describe('widget/format.ts', () => {
  it('event dates are the venue-local parts, never shifted', () => {
    expect(formatEventDate('2026-12-31T00:00:00.000000Z', '23:30:00', 'en-GB')).to.equal(
      'Thu, 31 Dec 2026, 23:30',
    );
    expect(formatEventDate('2026-12-31T00:00:00.000000Z', '', 'en-GB')).to.equal(
      'Thu, 31 Dec 2026',
    );
    expect(formatStopDate('2026-12-08', 'en-GB')).to.equal('Tue 8 Dec');
    expect(datetimeAttr('2026-12-31T00:00:00.000000Z', '23:30:00')).to.equal('2026-12-31T23:30');
    expect(datetimeAttr('2026-12-31T00:00:00.000000Z', '')).to.equal('2026-12-31');
  });

  it('closing text: seconds, minutes, hours, then a date; by the minute for announcements', () => {
    expect(closingText(NOW + 2_000, NOW, 'en', t)).to.equal('Sales close in 2 seconds');
    expect(closingText(NOW + 2_000, NOW, 'en', t, true)).to.equal('Sales close in 1 minute');
    expect(closingText(NOW + 90_000, NOW, 'en', t)).to.equal('Sales close in 2 minutes');
    expect(closingText(NOW + 2 * 3_600_000, NOW, 'en', t)).to.equal('Sales close in 2 hours');
    expect(closingText(NOW + 3 * 86_400_000, NOW, 'en-GB', t)).to.match(/^Sales close Tue 8 Dec, /);
  });

  it('excerpt: text only, block boundaries as spaces, entities decoded, cut on a word', () => {
    expect(excerpt('<p>a</p><p>b &amp; c</p><script>x</script>')).to.equal('a b & c x');
    const long = excerpt(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).to.be.at.most(160);
    expect(long.endsWith('word…')).to.equal(true);
  });

  it("clip: the excerpt's clipping, which widget.html's excerpts share: whitespace as one space, cut after a whole word", () => {
    expect(clip('  a\n\tb  c ')).to.equal('a b c');
    expect(clip('one two three', 9)).to.equal('one two…');
    expect(clip('one two three', 13)).to.equal('one two three');
    const text = `${'word '.repeat(60)}`;
    expect(excerpt(`<p>${text}</p>`)).to.equal(clip(text));
  });

  it('safeUrl: only http(s), resolved against the API base', () => {
    expect(safeUrl('/storage/a.jpg', 'https://api.example/x')).to.equal(
      'https://api.example/storage/a.jpg',
    );
    expect(safeUrl('javascript:alert(1)', 'https://api.example')).to.equal(undefined);
    expect(safeUrl('data:image/svg+xml,<svg/>', 'https://api.example')).to.equal(undefined);
    expect(safeUrl(null, 'https://api.example')).to.equal(undefined);
  });

  it("prices (docs/api.md §10.18): one amount, a range only when max > min, free only at zero, whole amounts without decimals, the event's own currency in the widget's locale", () => {
    const gbp = (min: string, max?: string) =>
      formatPrice({ currency: 'GBP', min, ...(max !== undefined && { max }) }, 'en-GB', 'Free');
    expect(gbp('12.00')).to.equal('£12');
    expect(gbp('12.00', '18.00')).to.equal('£12–£18');
    expect(gbp('12.00', '12.00')).to.equal('£12');
    expect(gbp('12.50', '18.00')).to.equal('£12.50–£18.00');
    expect(gbp('0.00')).to.equal('Free');
    expect(gbp('0.00', '0.00')).to.equal('Free');
    expect(gbp('0.00', '10.00')).to.equal('£0–£10');
    // A max below min (a broken upstream) is one price, never a backwards range.
    expect(gbp('18.00', '12.00')).to.equal('£18');
    expect(formatPrice({ currency: 'JPY', min: '1500' }, 'en', 'Free')).to.equal('¥1,500');
    expect(
      formatPrice({ currency: 'EUR', min: '12.00', max: '18.50' }, 'de', 'Eintritt frei'),
    ).to.equal('12,00\u00a0€–18,50\u00a0€'); // a no-break space, as German writes it
    expect(formatPrice({ currency: 'USD', min: '0' }, 'fr', 'Gratuit')).to.equal('Gratuit');
    expect(formatPrice({ currency: 'USD', min: '25' }, 'fr', 'Gratuit')).to.match(/^25\s\$US$/);
  });

  it("end times in the widget's locale", () => {
    expect(formatTime('23:00:00', 'en')).to.equal('11:00 PM');
    // As the start's hour is written (`formatEventDate`): "20:00 – 4:30" in British English.
    expect(formatTime('04:30:00', 'en-GB')).to.equal('4:30');
    expect(formatTime('23:00:00', 'de')).to.equal('23:00');
  });
});
