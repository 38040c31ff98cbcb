import { describe, expect, it } from 'vitest';
import { upstreamHeaders } from '../../server/proxy/forwarding.js';

describe('upstreamHeaders', () => {
  const client = {
    accept: 'text/html',
    'accept-language': 'fr',
    'user-agent': 'ua/1',
    cookie: 'a=1',
    authorization: 'Bearer x',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-for': '6.6.6.6',
    forwarded: 'host=evil.example',
    'content-length': '5',
    'transfer-encoding': 'chunked',
    'if-none-match': '"theirs"',
    via: '1.1 somewhere',
  };

  it('forwards the allow-list only, with our own Accept, Via and forwarding headers', () => {
    expect(upstreamHeaders(client, { address: '192.0.2.7', proto: 'http' })).toEqual({
      accept: 'application/json',
      'accept-encoding': 'identity',
      'accept-language': 'fr',
      'user-agent': 'ua/1',
      via: '1.1 venue-events',
      'x-forwarded-for': '192.0.2.7',
      'x-forwarded-proto': 'http',
      forwarded: 'for=192.0.2.7;proto=http',
    });
  });

  it('names the configured public host, brackets IPv6, and sends our validator', () => {
    const headers = upstreamHeaders(
      {},
      { address: '2001:db8::1', proto: 'https', host: 'events.example' },
      '"v1"',
    );
    expect(headers).toMatchObject({
      'x-forwarded-for': '2001:db8::1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'events.example',
      forwarded: 'for="[2001:db8::1]";proto=https;host="events.example"',
      'if-none-match': '"v1"',
    });
  });
});
