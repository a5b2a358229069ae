import crypto from 'node:crypto';

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/** A 6-digit passcode, uniform over 000000-999999. */
export const randomPasscode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
