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

  it('uses the documented defaults and keeps one generated data key in the data folder', () => {
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.PORT).toBe(8080);
    expect(a.DATABASE_URL).toBeUndefined();
    expect(a.MAX_CHART_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    expect(a.s3).toBeNull();
    expect(a.JOBS).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).dataKey.equals(a.dataKey)).toBe(true);
    expect(statSync(join(dir, 'data-key')).mode & 0o777).toBe(0o600);
  });

  it('reads S3_URL into the S3 store settings, and names a bad one without repeating its secret', () => {
    const c = loadConfig({ DATA_DIR: dir, S3_URL: 'https://AKIA%2FX:se%2Bcret@minio.local:9000/charts/portal' });
    expect(c.s3).toEqual({
      endpoint: 'https://minio.local:9000',
      accessKeyId: 'AKIA/X',
      secretAccessKey: 'se+cret',
      bucket: 'charts',
      keyPrefix: 'portal/',
      region: 'us-east-1',
    });
    expect(loadConfig({ DATA_DIR: dir, S3_URL: 'http://k:s@127.0.0.1:9000/b1x', S3_REGION: 'eu-west-2' }).s3?.region).toBe('eu-west-2');
    for (const bad of [
      'ftp://key:hunter22@host/bucket',
      'http://key:hunter22@host:9000/',
      'http://key@host:9000/b1x',
      'http://key:hunter22@host/B_x',
      'not a url hunter22',
    ]) {
      const attempt = () => loadConfig({ DATA_DIR: dir, S3_URL: bad });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/S3_URL: must look like http\(s\):\/\/ACCESS_KEY:SECRET@host:port\/bucket/);
      expect(attempt).not.toThrow(/hunter22/);
    }
  });

  it('reads JOBS as true, false or only', () => {
    expect(loadConfig({ DATA_DIR: dir, JOBS: 'false' }).JOBS).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, JOBS: 'only' }).JOBS).toBe('only');
    expect(() => loadConfig({ DATA_DIR: dir, JOBS: 'sometimes' })).toThrow(/JOBS/);
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
