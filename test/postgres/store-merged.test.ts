/**
 * Several venues' listing in one query (docs/api.md §10.16) over PostgreSQL: byte for byte the
 * merge of the venues' own lists (test/support/store-merged-suite.ts; test/server for SQLite).
 */
import { storeMergedSuite } from '../support/store-merged-suite.js';

storeMergedSuite();
