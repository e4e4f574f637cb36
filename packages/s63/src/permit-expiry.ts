// What an expired subscription means (S-63 edition 1.2, as ECDIS apply it): a cell permit's expiry
// date ends the subscription, not the data. A cell file issued on or before that date stays
// decryptable, with a warning that it may be out of date; a new edition or an update issued after it
// is refused. A permit expiring within 30 days is warned about. The texts are the standard's.

/** S-63 "SSE" codes of permit expiry: SSE 15 refuses a file; SSE 20 and SSE 25 warn about one. */
export type PermitExpiryCode = 'SSE15' | 'SSE20' | 'SSE25';
export type PermitWarningCode = Exclude<PermitExpiryCode, 'SSE15'>;

export interface PermitWarning {
  code: PermitWarningCode;
  /** The standard's text, with the cell and dates it concerns. */
  message: string;
}

export const SSE_TEXTS: Record<PermitExpiryCode, string> = {
  SSE15: 'SSE 15 - Subscription service has expired. Please contact your data supplier to renew the subscription licence.',
  SSE20:
    'SSE 20 - Subscription service will expire in less than 30 days. Please contact your data supplier to renew the subscription licence.',
  SSE25: 'SSE 25 - The ENC permit for this cell has expired. This cell may be out of date and MUST NOT be used for Primary NAVIGATION.',
};

export type PermitExpiryDecision = { allowed: true; warnings: PermitWarning[] } | { allowed: false; code: 'SSE15'; reason: string };

const WARN_DAYS = 30;

function daysBetween(from: string, to: string): number {
  const at = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/**
 * Decides whether a cell file may be used under a permit, all dates YYYYMMDD.
 * @param file the file's name, e.g. NO4D0512.000, for the messages
 * @param expiry the permit's expiry date
 * @param date the reference date (today)
 * @param issueDate the file's issue date (DSID ISDT), undefined when it cannot be read
 */
export function judgePermitExpiry(opts: {
  file: string;
  expiry: string;
  date: string;
  issueDate: string | undefined;
}): PermitExpiryDecision {
  const { file, expiry, date, issueDate } = opts;
  if (expiry >= date) {
    const left = daysBetween(date, expiry);
    return {
      allowed: true,
      warnings: left <= WARN_DAYS ? [{ code: 'SSE20', message: `${file}: ${SSE_TEXTS.SSE20} (the permit expires on ${expiry})` }] : [],
    };
  }
  if (issueDate === undefined) {
    return {
      allowed: false,
      code: 'SSE15',
      reason: `${file}: ${SSE_TEXTS.SSE15} (the permit expired on ${expiry} and the file's issue date cannot be read)`,
    };
  }
  if (issueDate > expiry) {
    return {
      allowed: false,
      code: 'SSE15',
      reason: `${file}: ${SSE_TEXTS.SSE15} (issued ${issueDate}, after the permit expired on ${expiry})`,
    };
  }
  return {
    allowed: true,
    warnings: [{ code: 'SSE25', message: `${file}: ${SSE_TEXTS.SSE25} (issued ${issueDate}; the permit expired on ${expiry})` }],
  };
}
