/** npm run docs:wire: rewrites the generated part of docs/wire.md from the wire's schemas. */

import { readFileSync, writeFileSync } from 'node:fs';
import { withWireSchemas } from './wireDoc';

const PAGE = 'docs/wire.md';
writeFileSync(PAGE, withWireSchemas(readFileSync(PAGE, 'utf8')));
