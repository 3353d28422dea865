#!/usr/bin/env node
// npm start: builds what changed since the last build (usually nothing), then runs the compiled
// server in this same process.
import { ensureBuilt } from './build.mjs';

await ensureBuilt();
await import('../apps/server/dist/main.js');
