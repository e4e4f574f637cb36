import { activationApplications, agreementApplications, platforms } from '@chartroom/contracts/constants';

/** An application id of an agreement or an activation (spec §9: the two id sets differ) by name. */
export function applicationName(appId: number | null): string {
  if (appId === null) return '-';
  const names: Record<number, string> = { ...agreementApplications, ...activationApplications };
  return names[appId] ?? String(appId);
}

export function platformName(platformId: number): string {
  const names: Record<number, string> = platforms;
  return names[platformId] ?? String(platformId);
}
