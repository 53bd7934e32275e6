/**
 * Copies an existing STORAGE_DIR into the bucket of STORAGE_URL (same keys), before a node is
 * started with STORAGE_URL. Safe to run again: objects already there with the same size are
 * skipped, so an interrupted copy resumes. Reads the server's own settings (STORAGE_DIR or
 * DATA_DIR, STORAGE_URL and the AWS_* variables); exits 1 when a file could not be copied.
 *
 *   STORAGE_URL=s3://bucket/prefix npm run storage:migrate
 */
import { parseEnv } from '../server/config';
import { migrateStorage } from '../server/services/storage/migrate';

const config = parseEnv(process.env);
if (!config.storageS3) {
  console.error('storage:migrate: set STORAGE_URL=s3://bucket/prefix (the bucket to copy into).');
  process.exit(2);
}
const target = `s3://${config.storageS3.bucket}/${config.storageS3.prefix}`;
console.log(`Copying ${config.storageDir}/files to ${target}`);
const summary = await migrateStorage(config.storageDir, config.storageS3, (line) =>
  console.log(line),
);
const mib = (summary.copiedBytes / 1024 / 1024).toFixed(1);
console.log(
  `${summary.files} files: ${summary.copied} copied (${mib} MiB), ${summary.skipped} already there, ${summary.failed.length} failed`,
);
if (summary.failed.length > 0) process.exit(1);
