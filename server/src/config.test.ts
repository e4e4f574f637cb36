import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops with a message naming each bad value', () => {
    const attempt = () => loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/SMTP_URL/);
  });

  it('uses the documented defaults and keeps one generated JWT secret in the data folder', () => {
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.PORT).toBe(8080);
    expect(a.DATABASE_URL).toBeUndefined();
    expect(a.MAX_CHART_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('makes mail links follow PORT unless PUBLIC_URL is given, and keeps sessions to 7 days', () => {
    expect(loadConfig({ DATA_DIR: dir }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, PORT: '24123' }).PUBLIC_URL).toBe('http://localhost:24123');
    expect(loadConfig({ DATA_DIR: dir, PORT: '24123', PUBLIC_URL: 'https://charts.example.org/' }).PUBLIC_URL).toBe(
      'https://charts.example.org',
    );
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'ftp://charts.example.org' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_MAX_SECONDS).toBe(7 * 24 * 3600);
  });
});
