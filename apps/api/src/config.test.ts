import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'portal-config-'));

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_TTL).toBe(8 * 3600);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('puts the portal at its own port when PUBLIC_URL is not set, so its sandboxes are reached', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
    expect(
      loadConfig({ DATA_DIR: dataDir(), PORT: '3100', PUBLIC_URL: 'https://portal.example.edu/' }).PUBLIC_URL,
    ).toBe('https://portal.example.edu');
  });

  it('generates a signing secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'nope' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['SESSION_TTL', { SESSION_TTL: 'forever' }],
    ['SMTP_URL', { SMTP_URL: '::' }],
    ['BBB_URL', { BBB_URL: 'not a url', BBB_SECRET: 's' }],
    ['BBB_SECRET', { BBB_URL: 'https://bbb.example.edu/bigbluebutton/' }],
    ['BBB_URL', { BBB_SECRET: 'shared-secret' }],
    ['LIVE_CLASS_MAX_MINUTES', { LIVE_CLASS_MAX_MINUTES: '5' }],
  ])('stops with a message naming %s when it is bad', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });

  it('requires DATABASE_URL in production', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/DATABASE_URL: required when NODE_ENV=production/);
  });

  it('parses durations', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_TTL: '30m' }).SESSION_TTL).toBe(1800);
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_TTL: '2d' }).SESSION_TTL).toBe(172800);
    expect(existsSync(dataDir())).toBe(true);
  });
});
