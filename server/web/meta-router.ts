/**
 * What describes the site rather than a venue, the same in both modes: `/robots.txt` (every
 * public page may be indexed; the API and calendars are data, not pages) and `/openapi.json`
 * (the interface of docs/api.md §4 as OpenAPI, readable from any origin).
 */
import express, { type Router } from 'express';
import { PACKAGE_VERSION } from '../lib/files.js';
import { openApiDocument } from './openapi.js';

const ROBOTS = 'User-agent: *\nDisallow: /t/*/api/\nAllow: /\n';

/** Builds the router (GET and HEAD of the two files); mount it at the app's root. */
export function metaRouter(): Router {
  const router = express.Router({ caseSensitive: true });
  const openApi = JSON.stringify(openApiDocument(PACKAGE_VERSION));
  router.get('/robots.txt', function sendRobots(_req, res) {
    res.type('text/plain').set('Cache-Control', 'public, max-age=86400').send(ROBOTS);
  });
  router.get('/openapi.json', function sendOpenApi(_req, res) {
    res
      .type('application/json')
      .set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' })
      .send(openApi);
  });
  return router;
}
