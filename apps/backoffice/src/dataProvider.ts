/**
 * One data provider over `/api/backoffice/*`: a resource is a path (`operators`, `audit_log`); a
 * list asks `page`, `per_page` and the filters and reads `{data, total}`.
 */
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { api } from './api';

const query = (params: GetListParams) => {
  const search = new URLSearchParams();
  search.set('page', String(params.pagination?.page ?? 1));
  search.set('per_page', String(params.pagination?.perPage ?? 25));
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not offered by the back office yet`));

export const dataProvider: DataProvider = {
  getList: <R extends RaRecord>(resource: string, params: GetListParams) =>
    api<{ data: R[]; total: number }>('GET', `/${resource}?${query(params)}`),
  async create(resource, params) {
    return { data: await api<RaRecord>('POST', `/${resource}`, params.data) } as never;
  },
  getOne: unsupported('getOne'),
  getMany: unsupported('getMany'),
  getManyReference: unsupported('getManyReference'),
  update: unsupported('update'),
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
};
