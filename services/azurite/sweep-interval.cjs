// Loaded with `node --require` before Azurite: the harness's embedded one, and services/azurite/Dockerfile's.
// Azurite sweeps unreferenced blob extents ten minutes after its start and every ten minutes after that.
// With data in memory the sweep holds Node's one thread for seconds, and every storage request waits
// meanwhile: measured here, Azurite at 100 % CPU for 5 s ten minutes into a run, and a Flink commit 7.4 s
// late. No real store pauses like that, and it lands on whichever engine is being measured then. A benchmark
// deletes little (temporary files, old checkpoints), so the sweep is moved out of its runs:
// AZURITE_SWEEP_INTERVAL_MS, default 24 hours.
'use strict';

const path = require('path');

const interval = Number(process.env.AZURITE_SWEEP_INTERVAL_MS || 24 * 60 * 60 * 1000);
if (!Number.isInteger(interval) || interval <= 0) {
  console.error(`AZURITE_SWEEP_INTERVAL_MS must be a positive number of milliseconds, got "${process.env.AZURITE_SWEEP_INTERVAL_MS}"`);
  process.exit(2);
}
// the same module object Azurite's blob GC manager reads its default from when it is constructed: the Azurite
// beside the working directory (the harness starts it there), else beside this module (the image's Azurite,
// which works in a directory of its own)
const constants = require(
  require.resolve('azurite/dist/src/blob/utils/constants.js', { paths: [process.cwd(), __dirname] }));
if (typeof constants.DEFAULT_GC_INTERVAL_MS !== 'number') {
  console.error('azurite-sweep-interval: this Azurite has no DEFAULT_GC_INTERVAL_MS; its sweep runs on its own schedule');
} else {
  constants.DEFAULT_GC_INTERVAL_MS = interval;
}
