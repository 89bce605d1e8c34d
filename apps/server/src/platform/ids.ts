/**
 * Public ids: the `lgc_sn` every row shows to the outside (URLs, API bodies, file ids). Random
 * UUIDs, so they reveal neither how many rows there are nor when one was made; the serial `id`
 * stays inside the database.
 */
import { randomUUID } from 'node:crypto';

/** A new public id (`lgc_sn`) for a row. */
export const newPublicId = (): string => randomUUID();
