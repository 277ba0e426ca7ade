// A setup file (vitest.config.ts): runs before each test file's imports, so the first file of a
// worker has its database copy made while the application's modules load, not after.
import { readyCopy } from './copies.js';

readyCopy();
