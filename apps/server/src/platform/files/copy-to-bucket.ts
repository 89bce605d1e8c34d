/**
 * Moving an installation's files from a data directory to an S3-compatible bucket (the command
 * `npm run files:to-s3 -w @portal/server`, src/files-to-s3.ts; docs/operations.md, "Moving the
 * files to S3"). Every stored file is read from the directory, its SHA-256 compared with the one
 * the database recorded for it, written to the bucket unless an identical copy is there, and read
 * back from the bucket to compare again. It can be run again at any time: what is already there
 * and whole is not written twice, and a damaged copy is written again.
 */
import { createHash } from 'node:crypto';
import { type FileStorage, StoredFileMissingError } from './storage.ts';

export type CopyReport = {
  /** Files written to the bucket by this run. */
  copied: number;
  /** Files the bucket already held, byte for byte. */
  alreadyThere: number;
  /** Files whose copy in the bucket was read back and matched (every one, when nothing failed). */
  checked: number;
  /** Each file that could not be copied as recorded, with the reason; none means done. */
  problems: string[];
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function hashIn(store: FileStorage, key: string): Promise<string | null> {
  try {
    return sha256(await store.get(key));
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
}

export async function copyToBucket(options: {
  from: FileStorage;
  to: FileStorage;
  /** The database's record: storage key → the file's id and SHA-256. */
  recorded: ReadonlyMap<string, { lgcSn: string; sha256: string }>;
  /** Told of each file done (a progress line every so often). */
  progress?: (done: number) => void;
}): Promise<CopyReport> {
  const { from, to, recorded } = options;
  const report: CopyReport = { copied: 0, alreadyThere: 0, checked: 0, problems: [] };
  const seen = new Set<string>();
  for await (const { key } of from.list()) {
    seen.add(key);
    const data = await from.get(key);
    const hash = sha256(data);
    const record = recorded.get(key);
    if (record && record.sha256 !== hash) {
      report.problems.push(
        `${key} (file ${record.lgcSn}): its bytes in the directory do not match the SHA-256 the database recorded; not copied`,
      );
      continue;
    }
    if ((await hashIn(to, key)) === hash) {
      report.alreadyThere++;
    } else {
      await to.put(key, data);
      report.copied++;
    }
    const copied = await hashIn(to, key);
    if (copied === hash) report.checked++;
    else report.problems.push(`${key}: the copy read back from the bucket ${copied ? 'differs' : 'is missing'}`);
    options.progress?.(seen.size);
  }
  for (const [key, record] of recorded) {
    if (!seen.has(key))
      report.problems.push(`${key} (file ${record.lgcSn}): named by the database, not in the directory`);
  }
  return report;
}
