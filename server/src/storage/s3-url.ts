/** Where the S3 store is and how to sign in to it, read from `S3_URL`. */
export interface S3Location {
  /** `http(s)://host:port`, without the credentials. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** Keys are stored under this prefix (`/bucket/some/prefix` in the URL), '' for the bucket's root. */
  keyPrefix: string;
  region: string;
}

const SHAPE = 'must look like http(s)://ACCESS_KEY:SECRET@host:port/bucket';
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Parses `http(s)://ACCESS_KEY:SECRET@host:port/bucket[/prefix]` (path-style, as MinIO, Ceph and
 * Garage need). Returns the reason as a string when the URL is unusable; the reason never repeats
 * the secret (nor the URL, which holds it).
 */
export function parseS3Url(value: string, region = 'us-east-1'): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${SHAPE} (it is not a URL)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${SHAPE} (the scheme is ${url.protocol.replace(':', '')})`;
  if (!url.username || !url.password) return `${SHAPE} (the access key or the secret is missing)`;
  if (url.search || url.hash) return `${SHAPE} (no query or fragment)`;
  const [bucket = '', ...rest] = url.pathname.split('/').filter((p) => p.length > 0);
  if (!bucket) return `${SHAPE} (the bucket is missing)`;
  if (!BUCKET.test(bucket)) return `${SHAPE} (the bucket name "${bucket}" is not a valid S3 bucket name)`;
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return `${SHAPE} (the access key or the secret is badly percent-encoded)`;
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    accessKeyId,
    secretAccessKey,
    bucket,
    keyPrefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    region,
  };
}
