import { z } from 'zod';

/** Paging block of every list that pages (`{data, pagination}`). */
export const paginationSchema = z.object({
  current_page: z.number().int().min(1),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });

export function paginate(page: number, pageSize: number, totalCount: number): Pagination {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 ? page - 1 : null,
    total_pages: totalPages,
    total_count: totalCount,
  };
}
