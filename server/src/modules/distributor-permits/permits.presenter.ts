import type { DistributorPermit } from '@chartroom/contracts/licensing';
import { permitStatuses, type PermitStatus } from '@chartroom/contracts/constants';
import { toProductWithOrigin } from '../products/products.presenter.js';
import type { PermitJoined } from './permits.repository.js';

export function asPermitStatus(value: string): PermitStatus {
  return (permitStatuses as readonly string[]).includes(value) ? (value as PermitStatus) : 'pending';
}

export function toPermit(row: PermitJoined): DistributorPermit {
  return {
    id: row.permit.id,
    status: asPermitStatus(row.permit.status),
    product: toProductWithOrigin(row),
    distributor: { id: row.distributor.id, title: row.distributor.title },
  };
}
