import type { IssuedLicense, IssuerType, PublisherLicense } from '@chartroom/contracts/licensing';
import { platforms } from '@chartroom/contracts/constants';
import type { InstallationRow, LicenseRow, ProductRow } from '../../db/schema/index.js';
import { toProduct } from '../products/products.presenter.js';

export function toPublisherLicense(row: {
  license: LicenseRow;
  product: ProductRow;
  email: string;
  providerTitle: string;
  distributorTitle: string | null;
}): PublisherLicense {
  const issuerType = row.license.issuerType as IssuerType;
  const title =
    issuerType === 'publisher' ? row.providerTitle : issuerType === 'distributor' ? (row.distributorTitle ?? 'distributor') : issuerType;
  return {
    id: row.license.id,
    license: {
      issued: row.license.issuedAt.toISOString(),
      expirationDate: row.license.expiresAt?.toISOString() ?? null,
      product: toProduct(row.product),
      price: row.license.price === null ? null : Number(row.license.price),
      deviceCount: row.license.deviceCount,
      user: { id: row.license.userId, email: row.email },
      issuerType,
    },
    issuer: { title },
  };
}

export function toIssuedLicense(row: { license: LicenseRow; email: string }): IssuedLicense {
  return {
    id: row.license.id,
    issued: row.license.issuedAt.toISOString(),
    expirationDate: row.license.expiresAt?.toISOString() ?? null,
    deviceCount: row.license.deviceCount,
    user: { email: row.email },
  };
}

export function toInstallation(row: Omit<InstallationRow, 'licenseId'>) {
  return {
    id: row.id,
    deviceId: row.deviceId,
    platformId: row.platformId,
    platform: { name: platforms[row.platformId as keyof typeof platforms] ?? `platform ${row.platformId}` },
    applicationTypeId: row.applicationTypeId,
    createdAt: row.createdAt.toISOString(),
  };
}
