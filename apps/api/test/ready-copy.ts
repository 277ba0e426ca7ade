// A setup file (vitest.config.ts): runs before each test file's imports, so the first file of a
// worker has its database copy made while the application's modules load, not after.
import { afterAll } from 'vitest';
import { copyReadied, readyCopy } from './copies.js';

readyCopy();
// A file that starts no app (the configuration's tests) still ends only once the copy is written,
// or the global teardown removes its folder while the worker is writing into it (ENOTEMPTY).
afterAll(() => copyReadied());
