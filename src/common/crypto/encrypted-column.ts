import { ValueTransformer } from 'typeorm';
import { getKeyring } from './encryption';

/** bytea column holding encrypted raw bytes (completed PDFs, signature images, staged uploads). */
export const encryptedBytes: ValueTransformer = {
  to: (value: Buffer | null | undefined) => (value == null ? value : getKeyring().encrypt(value)),
  from: (value: Buffer | null) => (value == null ? value : getKeyring().decrypt(value)),
};

/** bytea column holding an encrypted JSON value (answers, prefill values). */
export const encryptedJson: ValueTransformer = {
  to: (value: unknown) =>
    value === undefined || value === null ? value : getKeyring().encrypt(Buffer.from(JSON.stringify(value), 'utf8')),
  from: (value: Buffer | null): unknown =>
    value == null ? value : JSON.parse(getKeyring().decrypt(value).toString('utf8')),
};

/** bytea column holding an encrypted string (webhook signing secrets). */
export const encryptedString: ValueTransformer = {
  to: (value: string | null | undefined) => (value == null ? value : getKeyring().encrypt(Buffer.from(value, 'utf8'))),
  from: (value: Buffer | null) => (value == null ? value : getKeyring().decrypt(value).toString('utf8')),
};
