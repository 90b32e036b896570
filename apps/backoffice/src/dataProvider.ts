/**
 * One data provider over `/api/backoffice/*`: a resource is a path (`operators`, `audit_log`); a
 * list asks `page`, `per_page` and the filters and reads `{data, total}`; one record is
 * `GET /{resource}/{id}`; the records of another (a player's payments: resource `payments`,
 * target `players`) are `GET /{target}/{id}/{resource}` with the same paging and filters.
 */
import type { DataProvider, GetListParams, GetManyReferenceParams, RaRecord } from 'react-admin';
import { api } from './api';
import { withContent } from './content';

const query = (params: GetListParams | GetManyReferenceParams) => {
  const search = new URLSearchParams();
  search.set('page', String(params.pagination?.page ?? 1));
  search.set('per_page', String(params.pagination?.perPage ?? 25));
  // Lists that sort on the server read these; the others ignore them.
  if (params.sort?.field) {
    search.set('sort', params.sort.field);
    search.set('order', params.sort.order === 'ASC' ? 'ASC' : 'DESC');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

/** The server's largest page. */
const PAGE_MAX = 200;

/**
 * One list page; a page larger than the server gives (the Export button asks for 1,000 rows) is
 * read as consecutive server pages.
 */
async function listOf<R extends RaRecord>(path: string, params: GetListParams | GetManyReferenceParams) {
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 25;
  if (perPage <= PAGE_MAX) return api<{ data: R[]; total: number }>('GET', `${path}?${query(params)}`);
  const start = (page - 1) * perPage;
  if (start % PAGE_MAX !== 0) throw new Error(`a page of ${perPage} rows cannot start at row ${start}`);
  const data: R[] = [];
  let total = 0;
  for (let first = start; data.length < perPage; first += PAGE_MAX) {
    const part = await api<{ data: R[]; total: number }>(
      'GET',
      `${path}?${query({ ...params, pagination: { page: first / PAGE_MAX + 1, perPage: PAGE_MAX } })}`,
    );
    total = part.total;
    data.push(...part.data);
    if (part.data.length < PAGE_MAX) break;
  }
  return { data: data.slice(0, perPage), total };
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not offered by the back office yet`));

const general: DataProvider = {
  getList: <R extends RaRecord>(resource: string, params: GetListParams) => listOf<R>(`/${resource}`, params),
  async create(resource, params) {
    return { data: await api<RaRecord>('POST', `/${resource}`, params.data) } as never;
  },
  async getOne(resource, params) {
    return { data: await api<RaRecord>('GET', `/${resource}/${encodeURIComponent(String(params.id))}`) } as never;
  },
  getMany: unsupported('getMany'),
  getManyReference: <R extends RaRecord>(resource: string, params: GetManyReferenceParams) =>
    listOf<R>(`/${params.target}/${encodeURIComponent(String(params.id))}/${resource}`, params),
  /** The fields the edit form holds; the server's contract keeps the ones it may change. */
  async update(resource, params) {
    return {
      data: await api<RaRecord>('PATCH', `/${resource}/${encodeURIComponent(String(params.id))}`, params.data),
    } as never;
  },
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),
};

/** The content screens have their own branch (content/dataProvider.ts); every other resource is `general`. */
export const dataProvider: DataProvider = withContent(general);
