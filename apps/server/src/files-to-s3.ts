/**
 * `npm run files:to-s3 -w @portal/server`: copies the files of the data directory (STORAGE_DIR,
 * default $DATA_DIR/files) into the bucket that STORAGE_DRIVER=s3 and the S3_* variables name,
 * checking each file's SHA-256 against the database's record and the copy read back from the
 * bucket (platform/files/copy-to-bucket.ts). Run it with the configuration the instances will
 * start with; with the embedded database, with the instance stopped. Prints what it did; exits 1
 * when any file was not copied as recorded, naming each.
 */
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { recordedFileHashes } from './modules/files/index.ts';
import { copyToBucket } from './platform/files/copy-to-bucket.ts';
import { LocalDiskStorage, S3Storage } from './platform/files/storage.ts';

async function copy(): Promise<number> {
  const config = parseConfig();
  if (config.storage.driver !== 's3') {
    throw new ConfigError(
      'Invalid configuration:\n  STORAGE_DRIVER: must be s3, with S3_BUCKET and the other S3_* variables naming the bucket to copy into',
    );
  }
  const bucket = await S3Storage.open(config.storage);
  const database = await openDatabase(config.database);
  try {
    await bucket.check();
    await migrateToLatest(database.db);
    const recorded = await recordedFileHashes(database.db);
    console.info(
      `Copying the files of ${config.storageDir} into bucket ${config.storage.bucket}` +
        `${config.storage.prefix ? ` under ${config.storage.prefix}` : ''}; the database records ${recorded.size}.`,
    );
    const report = await copyToBucket({
      from: new LocalDiskStorage(config.storageDir),
      to: bucket,
      recorded,
      progress: (done) => {
        if (done % 1000 === 0) console.info(`… ${done} files`);
      },
    });
    console.info(
      `Copied ${report.copied} files, ${report.alreadyThere} were already there; ` +
        `${report.checked} checked in the bucket (SHA-256), ${report.problems.length} problems.`,
    );
    for (const problem of report.problems) console.error(`  ${problem}`);
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    bucket.destroy();
    await database.close();
  }
}

copy().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
