/**
 * Secrets of integrations at rest (DESIGN: "encrypted at rest and never returned"), e.g. the
 * e-mail agent's mailbox passwords: AES-256-GCM under a key from configuration (SECRETS_KEY),
 * or, when it is unset, a random key generated once and kept in DATA_DIR/secrets-key (mode
 * 600), like the JWT secret. A stored value is `v1.<iv>.<tag>.<ciphertext>` in base64url; a
 * value encrypted under another key does not decrypt (the tag fails) rather than giving garbage.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The key: SECRETS_KEY (any text of 32+ characters, hashed to 256 bits) or the kept file. */
export function secretsKey(config: { secretsKey?: string; dataDir: string }): Buffer {
  if (config.secretsKey) return createHash('sha256').update(config.secretsKey).digest();
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'secrets-key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return createHash('sha256').update(stored).digest();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return createHash('sha256').update(secret).digest();
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return ['v1', ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
