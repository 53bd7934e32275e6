import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configurationTable,
  currentSection,
  ENV_EXAMPLE,
  envExample,
  README,
} from '../scripts/config-docs';
import { documentationProblems } from '../scripts/docs-check';
import { DEFAULT_API_KEY, envReference, loadConfig, parseDuration, parseEnv } from './config';

describe('configuration from the environment', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const c = parseEnv({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      apiKey: DEFAULT_API_KEY,
      adminEmail: 'admin@atrium.local',
      publicUrl: 'http://localhost:8080',
      llmModels: ['gpt-4o'],
      sessionTtlSeconds: 8 * 3600,
      authRateLimit: 20,
      logLevel: 'info',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.staticDir).toMatch(/dist$/);
  });

  it('when PUBLIC_URL is unset, then it is the address the server listens on and says it was derived', () => {
    expect(parseEnv({ PORT: '3000' })).toMatchObject({
      publicUrl: 'http://localhost:3000',
      publicUrlSource: 'derived',
    });
    expect(parseEnv({ PORT: '3000', HOST: '::', PUBLIC_URL: '' }).publicUrl).toBe(
      'http://localhost:3000',
    );
    expect(parseEnv({ PORT: '9000', HOST: '192.168.1.20' }).publicUrl).toBe(
      'http://192.168.1.20:9000',
    );
    expect(parseEnv({ PORT: '9000', HOST: '::1' }).publicUrl).toBe('http://[::1]:9000');
    expect(parseEnv({ PORT: '80', HOST: 'console.lan' }).publicUrl).toBe('http://console.lan');
    expect(parseEnv({ PORT: '3000', PUBLIC_URL: 'https://console.example.com/' })).toMatchObject({
      publicUrl: 'https://console.example.com',
      publicUrlSource: 'configured',
    });
  });

  it('when variables are empty strings, then they count as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '', ADMIN_PASSWORD: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
      adminPassword: undefined,
    });
  });

  it('when a value is invalid, then start fails naming the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SESSION_TTL: 'soon' })).toThrow(/SESSION_TTL/);
    expect(() => parseEnv({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('when TRUST_PROXY is given, then it becomes a flag, a hop count or a list of proxies', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('when integrations are opened to hosts and a SQLite directory, then both are read, closed by default', () => {
    expect(parseEnv({})).toMatchObject({ integrationHostsAllow: [], dbSourceSqliteDir: undefined });
    const c = parseEnv({
      INTEGRATION_HOSTS_ALLOW: 'db.internal, 10.2.0.0/16',
      DB_SOURCE_SQLITE_DIR: 'sources/../sources',
    });
    expect(c.integrationHostsAllow).toEqual(['db.internal', '10.2.0.0/16']);
    expect(c.dbSourceSqliteDir).toBe(join(process.cwd(), 'sources'));
  });

  it('when SESSION_TTL is given with a unit or in seconds, then it is read as seconds', () => {
    expect(parseDuration('8h')).toBe(28800);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('1d')).toBe(86400);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('0')).toBeUndefined();
  });

  it('when JWT_SECRET is unset, then one is generated once, kept with mode 600 and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const file = join(dir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).toBe(
        'y'.repeat(40),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the documentation of the configuration', () => {
  it('when the README is read, then its configuration table is the one server/config.ts gives', async () => {
    const section = currentSection(readFileSync(README, 'utf8'));
    // On a mismatch: npx tsx scripts/config-docs.ts
    expect(section).toBe(await configurationTable());
  });

  it('when .env.example is read, then it lists every variable with its default, as server/config.ts gives them', () => {
    // On a mismatch: npx tsx scripts/config-docs.ts
    expect(readFileSync(ENV_EXAMPLE, 'utf8')).toBe(envExample());
  });

  it('when the table is built, then it names every variable the server reads, with its default', () => {
    const variables = envReference();
    expect(variables.length).toBeGreaterThanOrEqual(43);
    expect(new Set(variables.map((v) => v.name)).size).toBe(variables.length);
    expect(variables.find((v) => v.name === 'SESSION_TTL')?.default).toBe('8h');
    expect(variables.find((v) => v.name === 'PORT')?.default).toBe('8080');
    expect(variables.find((v) => v.name === 'JWT_SECRET')).toMatchObject({ unset: 'generated' });
    expect(variables.find((v) => v.name === 'DATABASE_URL')?.default).toBeUndefined();
  });

  it('when README, SECURITY.md and docs/ are read, then every relative link resolves and no table line passes 200 characters', () => {
    expect(documentationProblems()).toEqual([]);
  });
});
